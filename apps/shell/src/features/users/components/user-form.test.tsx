import { screen, waitFor, within } from '@testing-library/react';
import type { Role, User } from '@tour/shared';
import { fill } from '@tour/shared/testing';
import type { FakeReply, FakeRoutes } from '../../../testing/fake-api';
import { signedInRoutes, userFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const SAVE = 'POST /admin/users';

const tourist: User = {
  ...userFixture({
    id: 42,
    full_name: 'Петрова Анна Сергеевна',
    email: 'anna@example.com',
    phone: '+996555000042',
    roles: ['client'],
    birth_date: '1990-05-17',
    citizenship: 'Кыргызстан',
    passport_number: 'AN1234567',
    passport_issued_at: '2020-01-10',
    passport_expires_at: '2030-01-09',
    notes: 'Вегетарианское питание',
    manager_id: 7,
    counterparty_id: null,
  }),
  has_password: false,
  disabled: false,
};

const manager = userFixture({ id: 7, full_name: 'Айгуль Токтогулова', roles: ['sales_manager'] });

function open(path: string, roles: Role[] = ['admin'], extra: FakeRoutes = {}) {
  return renderApp({
    path,
    api: {
      ...signedInRoutes(roles),
      'GET /roles': { status: 200, body: { code: 1, data: {} } },
      // The pickers' searches find nobody; a chosen manager is named by its id.
      'GET /admin/users': (request) => {
        const data = (request.params as { id?: number }).id === manager.id ? [manager] : [];
        return { status: 200, body: { code: 1, data: { data, total: data.length } } };
      },
      ...extra,
    },
  });
}

const field = (label: string) => screen.getByLabelText(label);

/** The text under a field (its error or hint), as antd shows it in the field's form item. */
const itemOf = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;

async function openDropdown(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.click(field(label));
  return waitFor(() => {
    const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter(
      (element) => !element.classList.contains('ant-select-dropdown-hidden'),
    );
    const last = dropdowns.at(-1);
    if (!last) throw new Error('no open dropdown');
    return last;
  });
}

const optionLabels = (dropdown: HTMLElement) =>
  [...dropdown.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);

describe('user-create', () => {
  it('shows the server errors under their fields and keeps every typed value', async () => {
    const { user, api, router } = open('/admin/user/create', ['admin'], {
      [SAVE]: {
        status: 422,
        body: {
          code: 0,
          message: 'Проверьте данные',
          errors: {
            email: ['Этот email уже занят другим пользователем'],
            phone: ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
          },
        },
      },
    });
    await fill(await screen.findByLabelText('ФИО'), 'Сидоров Пётр', user);
    await fill(field('Email'), 'sales@example.com', user);
    await fill(field('Телефон'), '12', user);
    await fill(field('Номер паспорта'), 'ID0001', user);
    await fill(field('Заметки'), 'Просит место у окна', user);
    await user.click(screen.getByRole('button', { name: 'Создать пользователя' }));

    expect(
      await screen.findByText('Этот email уже занят другим пользователем'),
    ).toBeInTheDocument();
    expect(itemOf('Email')).toHaveTextContent('Этот email уже занят другим пользователем');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(itemOf('Телефон')).toHaveTextContent('Неверный номер телефона');
    expect(field('ФИО')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось сохранить пользователя');

    expect(field('ФИО')).toHaveValue('Сидоров Пётр');
    expect(field('Email')).toHaveValue('sales@example.com');
    expect(field('Телефон')).toHaveValue('12');
    expect(field('Номер паспорта')).toHaveValue('ID0001');
    expect(field('Заметки')).toHaveValue('Просит место у окна');
    expect(router.state.location.pathname).toBe('/admin/user/create');
    expect(screen.queryByText('Пользователь создан')).not.toBeInTheDocument();

    // Fixed and sent again: the same form, now a success.
    api.on(SAVE, { status: 200, body: { code: 1, data: { ...tourist, id: 77 } } });
    api.on('GET /admin/user/77', { status: 200, body: { code: 1, data: { ...tourist, id: 77 } } });
    await user.clear(field('Email'));
    await fill(field('Email'), 'petr@example.com', user);
    await user.clear(field('Телефон'));
    await fill(field('Телефон'), '+996555000077', user);
    await user.click(screen.getByRole('button', { name: 'Создать пользователя' }));
    expect(await screen.findByText('Пользователь создан')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/77/edit'));
    expect(api.callsTo(SAVE).at(-1)?.data).toEqual({
      full_name: 'Сидоров Пётр',
      email: 'petr@example.com',
      phone: '+996555000077',
      birth_date: null,
      citizenship: null,
      passport_number: 'ID0001',
      passport_issued_at: null,
      passport_expires_at: null,
      notes: 'Просит место у окна',
      roles: ['client'],
    });
  });

  it('puts an error of a field not on the form above it', async () => {
    const { user } = open('/admin/user/create', ['admin'], {
      [SAVE]: {
        status: 422,
        body: {
          code: 0,
          message: 'x',
          errors: { disabled: ['Нового пользователя нельзя создать отключённым'] },
        },
      },
    });
    await fill(await screen.findByLabelText('ФИО'), 'Сидоров Пётр', user);
    await user.click(screen.getByRole('button', { name: 'Создать пользователя' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Нового пользователя нельзя создать отключённым',
    );
  });

  it.each<[string, FakeReply]>([
    ['a 200 whose code is not 1', { status: 200, body: { code: 0, data: tourist } }],
    ['a 200 without a body', { status: 200 }],
    ['a 201 with code 1', { status: 201, body: { code: 1, data: tourist } }],
    ['a server failure', { status: 500, body: { code: 0, message: 'Internal Server Error' } }],
  ])('does not take %s for a success', async (_name, reply) => {
    const { user, router, api } = open('/admin/user/create', ['admin'], { [SAVE]: reply });
    await fill(await screen.findByLabelText('ФИО'), 'Сидоров Пётр', user);
    await fill(field('Email'), 'petr@example.com', user);
    await user.click(screen.getByRole('button', { name: 'Создать пользователя' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось сохранить пользователя');
    expect(alert).not.toHaveTextContent('Internal Server Error');
    expect(screen.queryByText('Пользователь создан')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/create');
    expect(field('ФИО')).toHaveValue('Сидоров Пётр');
    expect(field('Email')).toHaveValue('petr@example.com');
    expect(api.callsTo(SAVE)).toHaveLength(1);
  });

  it('checks the required name before sending anything', async () => {
    const { user, api } = open('/admin/user/create');
    await user.click(await screen.findByRole('button', { name: 'Создать пользователя' }));
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('offers developer and admin only to those with create_admin', async () => {
    const admin = open('/admin/user/create', ['admin']);
    await screen.findByLabelText('Роли');
    const all = optionLabels(await openDropdown(admin.user, 'Роли'));
    expect(all).toEqual(
      expect.arrayContaining(['Разработчик', 'Администратор', 'Клиент', 'Контрагент']),
    );
    admin.unmount();

    const sales = open('/admin/user/create', ['sales_manager']);
    await screen.findByLabelText('Роли');
    const offered = optionLabels(await openDropdown(sales.user, 'Роли'));
    expect(offered).toEqual(expect.arrayContaining(['Клиент', 'Контрагент']));
    expect(offered).not.toContain('Разработчик');
    expect(offered).not.toContain('Администратор');
    // The server lets only create_admin grant any staff role; nor are those offered.
    expect(offered).not.toContain('Бухгалтер');
  });

  it('asks for a password once a role that signs in is chosen', async () => {
    const { user, api } = open('/admin/user/create', ['admin'], {
      [SAVE]: { status: 200, body: { code: 1, data: { ...tourist, id: 90 } } },
      'GET /admin/user/90': { status: 200, body: { code: 1, data: { ...tourist, id: 90 } } },
    });
    await fill(await screen.findByLabelText('ФИО'), 'Новый агент', user);
    expect(screen.queryByLabelText('Пароль')).not.toBeInTheDocument();

    const dropdown = await openDropdown(user, 'Роли');
    await user.click(within(dropdown).getByTitle('Контрагент'));
    expect(await screen.findByLabelText('Пароль')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Создать пользователя' }));
    expect(
      await screen.findByText('Укажите пароль: пользователь с такой ролью входит в систему'),
    ).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await fill(field('Пароль'), 'secret-pass', user);
    await user.click(screen.getByRole('button', { name: 'Создать пользователя' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.data).toMatchObject({
      roles: ['client', 'counterparty'],
      password: 'secret-pass',
    });
  });

  it('finds a manager among the staff and sends the chosen one', async () => {
    const { user, api } = open('/admin/user/create', ['admin'], {
      'GET /admin/users': (request) => {
        const { role } = request.params as { role?: string };
        const data = role === 'sales_manager' ? [manager] : [];
        return { status: 200, body: { code: 1, data: { data, total: data.length } } };
      },
      [SAVE]: { status: 422, body: { code: 0, message: 'x', errors: { email: ['Занято'] } } },
    });
    await fill(await screen.findByLabelText('ФИО'), 'Сидоров Пётр', user);
    const dropdown = await openDropdown(user, 'Менеджер');
    await user.type(field('Менеджер'), 'Айгуль');
    await waitFor(() =>
      expect(
        api
          .callsTo('GET /admin/users')
          .filter((call) => (call.params as { search?: string }).search === 'Айгуль')
          .map((call) => (call.params as { role?: string }).role)
          .sort(),
      ).toEqual(['accountant', 'admin', 'developer', 'reservation_agent', 'sales_manager']),
    );
    await user.click(await within(dropdown).findByTitle('Айгуль Токтогулова (sales@example.com)'));
    await user.click(screen.getByRole('button', { name: 'Создать пользователя' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.data).toMatchObject({ manager_id: 7 });
  });
});

describe('user-edit', () => {
  it('loads the user into the form, saves it and stays on it', async () => {
    const saved = { ...tourist, phone: '+996555000043' };
    const { user, api, router } = open('/admin/user/42/edit', ['admin'], {
      'GET /admin/user/42': { status: 200, body: { code: 1, data: tourist } },
      [SAVE]: { status: 200, body: { code: 1, data: saved } },
    });

    expect(await screen.findByDisplayValue('Петрова Анна Сергеевна')).toBeInTheDocument();
    // Under the title, the person by name and contact, never by its database id.
    expect(screen.getByText('Петрова Анна Сергеевна, anna@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/ID 42/)).not.toBeInTheDocument();
    expect(field('Email')).toHaveValue('anna@example.com');
    expect(field('Дата рождения')).toHaveValue('17.05.1990');
    expect(field('Дата выдачи паспорта')).toHaveValue('10.01.2020');
    expect(field('Паспорт действителен до')).toHaveValue('09.01.2030');
    expect(field('Номер паспорта')).toHaveValue('AN1234567');
    expect(field('Гражданство')).toHaveValue('Кыргызстан');
    expect(field('Заметки')).toHaveValue('Вегетарианское питание');
    await waitFor(() =>
      expect(itemOf('Менеджер')).toHaveTextContent('Айгуль Токтогулова (sales@example.com)'),
    );
    expect(itemOf('Роли')).toHaveTextContent('Клиент');
    expect(screen.getByRole('link', { name: 'Кошельки и документы' })).toHaveAttribute(
      'href',
      '/admin/user/42/wallets',
    );

    await user.clear(field('Телефон'));
    await fill(field('Телефон'), '+996555000043', user);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/42/edit');
    expect(api.callsTo(SAVE)[0]?.data).toEqual({
      id: 42,
      full_name: 'Петрова Анна Сергеевна',
      email: 'anna@example.com',
      phone: '+996555000043',
      birth_date: '1990-05-17',
      citizenship: 'Кыргызстан',
      passport_number: 'AN1234567',
      passport_issued_at: '2020-01-10',
      passport_expires_at: '2030-01-09',
      notes: 'Вегетарианское питание',
      manager_id: 7,
      counterparty_id: null,
      roles: ['client'],
    });
    // The saved user is read again (its cache tag was invalidated).
    await waitFor(() => expect(api.callsTo('GET /admin/user/42')).toHaveLength(2));
  });

  it('keeps the password unchanged when its field is left empty', async () => {
    const staff = { ...tourist, roles: ['accountant'] as Role[], has_password: true };
    const { user, api } = open('/admin/user/42/edit', ['admin'], {
      'GET /admin/user/42': { status: 200, body: { code: 1, data: staff } },
      [SAVE]: { status: 200, body: { code: 1, data: staff } },
    });
    expect(await screen.findByLabelText('Пароль')).toHaveValue('');
    expect(screen.getByText('Оставьте пустым, чтобы не менять пароль')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.data).not.toHaveProperty('password');
  });

  describe("one's own password", () => {
    const me = {
      ...tourist,
      roles: ['sales_manager'] as Role[],
      has_password: true,
      manager_id: null,
    };
    /** The signed-in user (id 42) opens its own form. */
    const openOwn = (extra: FakeRoutes = {}, self: User = me) =>
      open('/admin/user/42/edit', ['sales_manager'], {
        'GET /user': { status: 200, body: { code: 1, data: self } },
        'GET /admin/user/42': { status: 200, body: { code: 1, data: self } },
        ...extra,
      });

    it('asks for the current password only with a new one, and sends it then', async () => {
      const { user, api } = openOwn({ [SAVE]: { status: 200, body: { code: 1, data: me } } });
      const current = await screen.findByLabelText('Текущий пароль');
      expect(current).toHaveAttribute('autocomplete', 'current-password');
      expect(field('Пароль')).toHaveAttribute('autocomplete', 'new-password');

      // No new password: nothing to prove, and no current password is sent.
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
      expect(api.callsTo(SAVE)[0]?.data).not.toHaveProperty('password');
      expect(api.callsTo(SAVE)[0]?.data).not.toHaveProperty('current_password');

      // A new password without the current one is stopped before anything is sent.
      await fill(field('Пароль'), 'my-new-password', user);
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(
        await within(itemOf('Текущий пароль')).findByText('Укажите текущий пароль'),
      ).toBeInTheDocument();
      expect(field('Текущий пароль')).toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo(SAVE)).toHaveLength(1);

      await fill(field('Текущий пароль'), 'my-old-password', user);
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(2));
      expect(api.callsTo(SAVE)[1]?.data).toMatchObject({
        id: 42,
        password: 'my-new-password',
        current_password: 'my-old-password',
      });
      // Saved: neither password stays in the form.
      expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
      await waitFor(() => expect(field('Текущий пароль')).toHaveValue(''));
      expect(field('Пароль')).toHaveValue('');
    });

    it('does not send a current password typed without a new one', async () => {
      const { user, api } = openOwn({ [SAVE]: { status: 200, body: { code: 1, data: me } } });
      await fill(await screen.findByLabelText('Текущий пароль'), 'my-old-password', user);
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
      expect(api.callsTo(SAVE)[0]?.data).not.toHaveProperty('current_password');
    });

    it("shows the server's refusal under the current password and keeps what was typed", async () => {
      const { user } = openOwn({
        [SAVE]: {
          status: 422,
          body: {
            code: 0,
            message: 'Проверьте правильность заполнения полей',
            errors: { current_password: ['Неверный текущий пароль'] },
          },
        },
      });
      await fill(await screen.findByLabelText('Пароль'), 'my-new-password', user);
      await fill(field('Текущий пароль'), 'a-wrong-guess', user);
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(
        await within(itemOf('Текущий пароль')).findByText('Неверный текущий пароль'),
      ).toBeInTheDocument();
      expect(screen.getByRole('alert')).not.toHaveTextContent('Неверный текущий пароль');
      expect(field('Пароль')).toHaveValue('my-new-password');
      expect(field('Текущий пароль')).toHaveValue('a-wrong-guess');
    });

    it('is not asked of an admin editing another user', async () => {
      const staff = { ...tourist, roles: ['accountant'] as Role[], has_password: true };
      const { user, api } = open('/admin/user/42/edit', ['admin'], {
        'GET /admin/user/42': { status: 200, body: { code: 1, data: staff } },
        [SAVE]: { status: 200, body: { code: 1, data: staff } },
      });
      await fill(await screen.findByLabelText('Пароль'), 'reset-by-admin', user);
      expect(screen.queryByLabelText('Текущий пароль')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
      expect(api.callsTo(SAVE)[0]?.data).toMatchObject({ password: 'reset-by-admin' });
      expect(api.callsTo(SAVE)[0]?.data).not.toHaveProperty('current_password');
    });

    it('is not asked of a user who has no password yet', async () => {
      openOwn({}, { ...me, has_password: false });
      expect(await screen.findByLabelText('Пароль')).toBeInTheDocument();
      expect(screen.queryByLabelText('Текущий пароль')).not.toBeInTheDocument();
    });
  });

  it('keeps a staff role the viewer may not change, shown and not removable', async () => {
    const staff = { ...tourist, roles: ['admin', 'client'] as Role[], has_password: true };
    const { user } = open('/admin/user/42/edit', ['sales_manager'], {
      'GET /admin/user/42': { status: 200, body: { code: 1, data: staff } },
    });
    await screen.findByDisplayValue('Петрова Анна Сергеевна');
    expect(itemOf('Роли')).toHaveTextContent('Администратор');
    const offered = optionLabels(await openDropdown(user, 'Роли'));
    expect(offered).toContain('Администратор');
    expect(offered).not.toContain('Разработчик');
    const adminOption = document.querySelector('.ant-select-item-option[title="Администратор"]');
    expect(adminOption).toHaveClass('ant-select-item-option-disabled');
  });

  it('says in Russian that the user does not exist (404)', async () => {
    open('/admin/user/404/edit', ['admin'], {
      'GET /admin/user/404': { status: 404, body: { code: 0, message: 'Пользователь не найден' } },
    });
    expect(await screen.findByText('Пользователь не найден')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку пользователей' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(screen.queryByLabelText('ФИО')).not.toBeInTheDocument();
  });

  it('offers a retry when the user cannot be loaded', async () => {
    let fail = true;
    const { user } = open('/admin/user/42/edit', ['admin'], {
      'GET /admin/user/42': () =>
        fail
          ? { status: 500, body: { code: 0, message: 'boom' } }
          : { status: 200, body: { code: 1, data: tourist } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить пользователя');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByDisplayValue('Петрова Анна Сергеевна')).toBeInTheDocument();
  });
});

describe('user-edit: История', () => {
  it('shows who changed the card and who put the tourist on which trip', async () => {
    const { user } = open('/admin/user/42/edit', ['sales_manager'], {
      'GET /admin/user/42': { status: 200, body: { code: 1, data: tourist } },
      'GET /admin/user/42/history': {
        status: 200,
        body: {
          code: 1,
          data: {
            data: [
              {
                id: 9,
                entity_type: 'user',
                entity_id: 42,
                action: 'updated',
                changes: [
                  { field: 'manager_id', old: null, new: 7, new_name: 'Айгуль Токтогулова' },
                ],
                user_id: 7,
                user_name: 'Айгуль Токтогулова',
                created_at: '2026-11-20T06:30:00Z',
              },
              {
                id: 8,
                entity_type: 'participant',
                entity_id: 70,
                action: 'added_to_trip',
                changes: [
                  { field: 'trip_id', old: null, new: 5, new_name: 'Сеул и Пусан, 05.01.2027' },
                ],
                user_id: 7,
                user_name: 'Айгуль Токтогулова',
                created_at: '2026-11-20T06:30:00Z',
              },
            ],
            current_page: 1,
            last_page: 1,
            per_page: 50,
            total: 2,
            from: 1,
            to: 2,
          },
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'История' }));
    expect(await screen.findByText('Тур: — → Сеул и Пусан, 05.01.2027')).toBeInTheDocument();
    expect(screen.getByText('Добавлен(а) в тур')).toBeInTheDocument();
    expect(screen.getByText('Менеджер: — → Айгуль Токтогулова')).toBeInTheDocument();
  });
});
