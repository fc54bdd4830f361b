import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, InputNumber } from 'antd';
import { fill } from '@tour/shared/testing';
import { UiProviders } from './ui-providers';

// A form's own rules without a message of their own, as every screen writes them: the text under
// the field reads well whatever the field is called.
function Sample() {
  return (
    <UiProviders>
      <Form onFinish={() => undefined}>
        <Form.Item name="title" label="Название" rules={[{ required: true }, { max: 5 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="seats" label="Мест" rules={[{ type: 'number', min: 1 }]}>
          <InputNumber />
        </Form.Item>
        <Button htmlType="submit">Сохранить</Button>
      </Form>
    </UiProviders>
  );
}

describe('form rules’ messages', () => {
  it('says what is wrong without guessing the field’s gender', async () => {
    render(<Sample />);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
    await fill(screen.getByLabelText('Название'), 'Шесть!');
    await userEvent.type(screen.getByLabelText('Мест'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Длина — не больше 5')).toBeInTheDocument();
    expect(await screen.findByText('Не меньше 1')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/должна быть|Пожалуйста/);
  });
});
