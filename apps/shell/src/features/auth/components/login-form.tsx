import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import type { User } from '@tour/shared';
import { useAppDispatch } from '../../../lib/store-hooks';
import { signIn, type LoginField } from '../api/session-thunks';

interface LoginValues {
  login: string;
  password: string;
  remember: boolean;
}

/** The login form: email or phone, password, "remember me"; the server's errors by field. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    setFormError(null);
    try {
      const result = await dispatch(
        signIn({
          login: values.login.trim(),
          password: values.password,
          remember: values.remember,
        }),
      );
      if (result.ok) {
        onSignedIn(result.user);
        return;
      }
      form.setFields(
        (['login', 'password'] as const satisfies readonly LoginField[]).map((name) => ({
          name,
          errors: result.fieldErrors[name] ?? [],
        })),
      );
      setFormError(result.formError);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ login: '', password: '', remember: false }}
      onFinish={(values) => void submit(values)}
      disabled={submitting}
    >
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form.Item
        label="Email или телефон"
        name="login"
        rules={[
          { required: true, whitespace: true, message: 'Введите email или телефон' },
          { max: 255, message: 'Не больше 255 символов' },
        ]}
      >
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        label="Пароль"
        name="password"
        rules={[
          { required: true, message: 'Введите пароль' },
          { max: 128, message: 'Не больше 128 символов' },
        ]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>Запомнить меня</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        Войти
      </Button>
    </Form>
  );
}
