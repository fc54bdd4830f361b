import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { AmountField, amountFormatHint } from './amount-field';
import {
  failureTextOf,
  FIELDS_BELOW_HINT,
  withIdempotencyHint,
  type FailureTexts,
} from '@tour/shared';
import { FormErrorAlert, useServerForm } from './server-form';
import { StyleSink } from '@tour/shared/testing';

// One way a form saves through the server: what it says of each failure, where a refusal's
// errors go, and that a second press while sending sends nothing.

const refusal = (errors: Record<string, string[]>) => ({ status: 422, data: { errors } });
const TEXTS: FailureTexts = {
  byStatus: { 0: 'Нет связи.', 403: 'Нельзя.', 404: 'Не найдено.' },
  serverMessage: [409],
  fallback: 'Не вышло.',
};

describe('failureTextOf', () => {
  it('says the text of the status, the server’s sentence where asked, else the fallback', () => {
    expect(failureTextOf({ status: 0 }, TEXTS)).toBe('Нет связи.');
    expect(failureTextOf({ status: 403, data: { message: 'Чужое' } }, TEXTS)).toBe('Нельзя.');
    expect(failureTextOf({ status: 409, data: { message: 'Уже решено' } }, TEXTS)).toBe(
      'Уже решено',
    );
    expect(failureTextOf({ status: 409 }, TEXTS)).toBe('Не вышло.');
    expect(failureTextOf({ status: 500, data: { message: 'Сбой' } }, TEXTS)).toBe('Не вышло.');
    expect(failureTextOf(null, TEXTS)).toBe('Не вышло.');
  });

  it('says the server’s sentence on any status without a text of its own when told so', () => {
    const otherwise: FailureTexts = { ...TEXTS, serverMessage: 'otherwise' };
    expect(failureTextOf({ status: 500, data: { message: 'Сбой' } }, otherwise)).toBe('Сбой');
    expect(failureTextOf({ status: 404, data: { message: 'Нет' } }, otherwise)).toBe('Не найдено.');
    expect(failureTextOf({ status: 500 }, otherwise)).toBe('Не вышло.');
  });
});

describe('withIdempotencyHint', () => {
  it('adds the hint only when the refusal names the key', () => {
    expect(withIdempotencyHint({ 'Idempotency-Key': ['Занят'] }, ['Занят'], 'Проверьте')).toEqual([
      'Занят',
      'Проверьте',
    ]);
    expect(withIdempotencyHint({ amount: ['Мало'] }, [], 'Проверьте')).toEqual([]);
  });
});

interface Values {
  name?: string;
  amount?: string;
}

function Host({ send, hint }: { send: (values: Values) => Promise<unknown>; hint?: string }) {
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState(0);
  const server = useServerForm({
    form,
    fields: ['name', 'amount'],
    failure: TEXTS,
    fieldsHint: hint,
    scrollToError: true,
  });
  return (
    <Form<Values>
      form={form}
      onFinish={(values) =>
        void server.submit(async () => {
          setSent((count) => count + 1);
          const saved = await send(values);
          if (!saved) server.failUnconfirmed();
        })
      }
    >
      <FormErrorAlert title="Не сохранено" error={server.formError} />
      <Form.Item name="name" label="Имя">
        <Input />
      </Form.Item>
      <AmountField currency="usd" formatHint placeholder="1500.50" />
      <Button htmlType="submit">Сохранить</Button>
      <output>Отправлено: {sent}</output>
    </Form>
  );
}

describe('useServerForm', () => {
  it('shows a refusal’s field errors under their fields and the rest above the form', async () => {
    const user = userEvent.setup();
    const send = jest
      .fn()
      .mockRejectedValue(refusal({ name: ['Имя занято', 'Имя занято'], tour: ['Тур закрыт'] }));
    render(<Host send={send} />, { wrapper: StyleSink });
    await user.type(screen.getByLabelText('Сумма'), '10');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Имя занято')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Не сохранено');
    expect(alert).toHaveTextContent('Тур закрыт');
    expect(screen.getByDisplayValue('10')).toBeInTheDocument();
  });

  it('says the hint above the form when every error stands under its field', async () => {
    const user = userEvent.setup();
    const send = jest.fn().mockRejectedValue(refusal({ name: ['Имя занято'] }));
    render(<Host send={send} hint={FIELDS_BELOW_HINT} />, { wrapper: StyleSink });
    await user.type(screen.getByLabelText('Сумма'), '10');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Исправьте поля, отмеченные ниже.');
  });

  it('says the failure’s text, and the fallback of an answer without what was saved', async () => {
    const user = userEvent.setup();
    const send = jest.fn().mockRejectedValueOnce({ status: 0 }).mockResolvedValueOnce(null);
    render(<Host send={send} />, { wrapper: StyleSink });
    await user.type(screen.getByLabelText('Сумма'), '10');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Нет связи.');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Не вышло.'));
  });

  it('sends once while a sending is under way', async () => {
    const user = userEvent.setup();
    let answer!: (value: unknown) => void;
    const send = jest.fn(() => new Promise((resolve) => (answer = resolve)));
    render(<Host send={send} />, { wrapper: StyleSink });
    await user.type(screen.getByLabelText('Сумма'), '10');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Отправлено: 1');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    // The second press validates, then finds the first sending still under way.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(send).toHaveBeenCalledTimes(1);
    answer({ id: 1 });
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Отправлено: 2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('AmountField', () => {
  it('checks the amount in the currency’s decimals and says how it is written', async () => {
    const user = userEvent.setup();
    render(<Host send={jest.fn()} />, { wrapper: StyleSink });
    expect(screen.getByText('В USD: до 2 знаков после запятой')).toBeInTheDocument();
    expect(amountFormatHint('kgs')).toBe('В KGS: целое число');
    await user.type(screen.getByLabelText('Сумма'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await screen.findByText('Сумма в USD может иметь не больше 2 знаков после запятой'),
    ).toBeInTheDocument();
  });
});
