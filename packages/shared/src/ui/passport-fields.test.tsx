import { act, render, screen } from '@testing-library/react';
import { Form, Row, type FormInstance } from 'antd';
import { dayjs } from '@tour/shared';
import { PassportFields } from './passport-fields';

function renderFields(personMd?: number) {
  let form!: FormInstance;
  function Host() {
    [form] = Form.useForm();
    return (
      <Form form={form}>
        <Row>
          <PassportFields personMd={personMd} />
        </Row>
      </Form>
    );
  }
  const view = render(<Host />);
  return { form: () => form, view };
}

async function errorsAfter(form: FormInstance, values: Record<string, unknown>) {
  act(() => form.setFieldsValue(values));
  await act(async () => {
    await form.validateFields().catch(() => undefined);
  });
  return Object.fromEntries(
    form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => [field.name.join('.'), field.errors]),
  );
}

describe('PassportFields', () => {
  it('shows a person’s five fields, the birth date and citizenship as wide as asked', () => {
    const { view } = renderFields(12);
    for (const label of [
      'Дата рождения',
      'Гражданство',
      'Номер паспорта',
      'Дата выдачи паспорта',
      'Паспорт действителен до',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(view.container.querySelectorAll('.ant-col-md-12')).toHaveLength(2);
    expect(view.container.querySelectorAll('.ant-col-md-8')).toHaveLength(3);
  });

  it('checks the server’s rules as one types: dates in the future, before 1900, expiry before issue', async () => {
    const { form } = renderFields();
    expect(
      await errorsAfter(form(), {
        birth_date: dayjs().add(1, 'day'),
        passport_issued_at: dayjs().add(1, 'day'),
        passport_expires_at: dayjs().subtract(1, 'year'),
        passport_number: 'A'.repeat(51),
      }),
    ).toEqual({
      birth_date: ['Дата рождения не может быть в будущем'],
      passport_number: ['Не длиннее 50 символов'],
      passport_issued_at: ['Дата выдачи паспорта не может быть в будущем'],
      passport_expires_at: ['Срок действия паспорта должен заканчиваться позже даты выдачи'],
    });
    expect(
      await errorsAfter(form(), {
        birth_date: dayjs('1899-12-31'),
        passport_issued_at: dayjs('2020-01-10'),
        passport_expires_at: dayjs('2030-01-09'),
        passport_number: 'AN1234567',
      }),
    ).toEqual({ birth_date: ['Дата рождения не может быть раньше 01.01.1900'] });
    expect(await errorsAfter(form(), { birth_date: dayjs('1990-05-17') })).toEqual({});
  });

  it('is a row’s own in a list of people: named after it, checked against its own issue date', async () => {
    let form!: FormInstance;
    function Host() {
      [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ travellers: [{}, {}] }}>
          <Form.List name="travellers">
            {(rows) =>
              rows.map((row, index) => (
                <Row key={row.key}>
                  <PassportFields
                    row={{ list: 'travellers', name: row.name }}
                    who={`Спутник ${index + 1}`}
                  />
                </Row>
              ))
            }
          </Form.List>
        </Form>
      );
    }
    render(<Host />);
    expect(screen.getByLabelText('Спутник 2: номер паспорта')).toBeInTheDocument();
    expect(screen.getByLabelText('Спутник 1: паспорт действителен до')).toBeInTheDocument();
    expect(
      await errorsAfter(form, {
        travellers: [
          { passport_issued_at: dayjs('2020-01-10'), passport_expires_at: dayjs('2030-01-09') },
          { passport_issued_at: dayjs('2021-03-01'), passport_expires_at: dayjs('2021-02-28') },
        ],
      }),
    ).toEqual({
      'travellers.1.passport_expires_at': [
        'Срок действия паспорта должен заканчиваться позже даты выдачи',
      ],
    });
  });
});
