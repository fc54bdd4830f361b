import { useMemo } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  PassportFields,
  Row,
  UserSearchSelect,
  useServerForm,
} from '@tour/shared/ui';
import { FIELDS_BELOW_HINT, hrefOf, signsIn, type User } from '@tour/shared';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { useShellUsersSaveMutation } from '../api/users-api';
import {
  emptyUserForm,
  saveBodyOf,
  splitServerErrors,
  userFormValues,
  type UserFormField,
  type UserFormValues,
} from '../lib/user-form-values';
import { ButtonLink } from '../../../components/button-link';
import { RoleSelect } from './role-select';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const MESSAGES = {
  required: 'Обязательное поле',
  email: 'Неверный адрес электронной почты',
  passwordLength: `Не короче ${PASSWORD_MIN} и не длиннее ${PASSWORD_MAX} символов`,
  passwordRequired: 'Укажите пароль: пользователь с такой ролью входит в систему',
  currentPasswordRequired: 'Укажите текущий пароль',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
} as const;

/** What the form says above its fields when a save fails. */

const max = (length: number) => ({ max: length, message: MESSAGES.tooLong(length) });

export interface UserFormProps {
  /** The user being edited; absent for a new user. */
  user?: User;
  /** After a successful save, with the saved user as the server returned it. */
  onSaved: (user: User) => void;
}

/**
 * Every field of a user (DESIGN.md 3). A save is a success only on 200 with code 1 (SPEC.md 5);
 * otherwise the server's errors appear under their fields (the rest above the form) and every
 * typed value stays as it was.
 */
export function UserForm({ user, onSaved }: UserFormProps) {
  const [form] = Form.useForm<UserFormValues>();
  const { message } = App.useApp();
  const [save, { isLoading: saving }] = useShellUsersSaveMutation();
  const server = useServerForm({
    form,
    fields: [],
    failure: () => 'Попробуйте ещё раз.',
    fieldsHint: FIELDS_BELOW_HINT,
    scrollToError: true,
  });
  const initialValues = useMemo(() => (user ? userFormValues(user) : emptyUserForm()), [user]);

  const roles = Form.useWatch('roles', form) ?? initialValues.roles;
  const withPassword = signsIn(roles);
  const needsPassword = withPassword && !user?.has_password;
  // One's own password is changed only with the current one (the server refuses it otherwise).
  const signedInId = useSignedInUserId();
  const withCurrentPassword =
    withPassword && user !== undefined && user.id === signedInId && user.has_password === true;

  const submit = (values: UserFormValues) =>
    server.submit(async () => {
      const outcome = await save(
        saveBodyOf(values, { id: user?.id, withPassword, withCurrentPassword }),
      ).unwrap();
      if (outcome.ok) {
        void message.success(user ? 'Изменения сохранены' : 'Пользователь создан');
        // The server's form of what was saved (a normalised phone, a blank password field).
        if (user) form.setFieldsValue(userFormValues(outcome.data));
        onSaved(outcome.data);
        return;
      }
      if (outcome.errors) {
        const shown = (field: UserFormField) =>
          field === 'password'
            ? withPassword
            : field === 'current_password'
              ? withCurrentPassword
              : true;
        server.showErrors(outcome.errors, (errors) => splitServerErrors(errors, shown));
        return;
      }
      server.setFormError(
        outcome.status === 0
          ? 'Нет связи с сервером. Введённые данные сохранены в форме, попробуйте ещё раз.'
          : 'Сервер не подтвердил сохранение. Введённые данные сохранены в форме, попробуйте ещё раз.',
      );
    });

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="off"
    >
      <Flex vertical gap="middle">
        <FormErrorAlert
          title="Не удалось сохранить пользователя"
          error={server.formError}
          style={{}}
        />

        <Card title="Основное">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="full_name"
                label="ФИО"
                rules={[{ required: true, whitespace: true, message: MESSAGES.required }, max(255)]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="roles" label="Роли">
                <RoleSelect held={user?.roles ?? []} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label="Email"
                rules={[{ type: 'email', message: MESSAGES.email }, max(255)]}
              >
                <Input type="email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="phone" label="Телефон" rules={[max(32)]}>
                <Input type="tel" placeholder="+996 700 000 000" />
              </Form.Item>
            </Col>
            {withPassword ? (
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  label="Пароль"
                  extra={
                    user?.has_password
                      ? 'Оставьте пустым, чтобы не менять пароль'
                      : 'Нужен для входа в систему'
                  }
                  rules={[
                    { required: needsPassword, message: MESSAGES.passwordRequired },
                    { min: PASSWORD_MIN, max: PASSWORD_MAX, message: MESSAGES.passwordLength },
                  ]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            ) : null}
            {withCurrentPassword ? (
              <Col xs={24} md={12}>
                <Form.Item
                  name="current_password"
                  label="Текущий пароль"
                  extra="Нужен, чтобы сменить свой пароль"
                  dependencies={['password']}
                  rules={[
                    // Required only with a new password: without one nothing is checked.
                    ({ getFieldValue }) => ({
                      required: Boolean(getFieldValue('password')),
                      message: MESSAGES.currentPasswordRequired,
                    }),
                    max(PASSWORD_MAX),
                  ]}
                >
                  <Input.Password autoComplete="current-password" />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </Card>

        <Card title="Личные данные и паспорт">
          <Row gutter={16}>
            <PassportFields />
          </Row>
        </Card>

        <Card title="Менеджер и контрагент">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="manager_id"
                label="Менеджер"
                extra="Сотрудник, ответственный за пользователя"
              >
                <UserSearchSelect users="staff" placeholder="Найти сотрудника" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="counterparty_id"
                label="Контрагент"
                extra="Агент, который привёл туриста"
              >
                <UserSearchSelect users="counterparty" placeholder="Найти агента" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="notes" label="Заметки" rules={[max(5000)]}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} showCount />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Flex gap="small">
          <Button type="primary" htmlType="submit" loading={saving}>
            {user ? 'Сохранить' : 'Создать пользователя'}
          </Button>
          <ButtonLink to={hrefOf('users')}>Отмена</ButtonLink>
        </Flex>
      </Flex>
    </Form>
  );
}
