import { screen, waitFor } from '@testing-library/react';
import { deferredReply } from '../../testing/fake-api';
import { permissionDataOf, signedOutRoutes, userFixture } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { sessionOf } from '../../testing/session';

jest.mock('../../lib/remotes', () => ({
  ...jest.requireActual('../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const USER = userFixture({ full_name: 'Бакыт Осмонов', email: 'admin@example.com' });

function openLogin(path = '/login', extra = {}) {
  return renderApp({ path, api: { ...signedOutRoutes(), ...extra } });
}

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  login = 'admin@example.com',
  password = 'demo-password',
) {
  await user.type(await screen.findByLabelText('Email или телефон'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

/** After the login succeeds, the server knows the session. */
function signedInAfterLogin(api: ReturnType<typeof renderApp>['api']) {
  api.on('GET /user', { status: 200, body: { code: 1, data: USER } });
  api.on('GET /get-laravel-permission-to-vuejs', {
    status: 200,
    body: permissionDataOf('admin'),
  });
}

describe('the login page', () => {
  it('shows the form with its labels', async () => {
    openLogin();
    expect(await screen.findByLabelText('Email или телефон')).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Запомнить меня' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(document.title).toBe('Вход — Турбюро');
  });

  it('asks in Russian for the empty fields and sends nothing', async () => {
    const { user, api } = openLogin();
    await user.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите email или телефон')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    expect(api.callsTo('POST /login')).toHaveLength(0);
  });

  it('shows the server errors under their field', async () => {
    const { user, router, store } = openLogin('/login', {
      'POST /login': {
        status: 422,
        body: {
          code: 0,
          message: 'Неверный логин или пароль',
          errors: { login: ['Неверный логин или пароль'] },
        },
      },
    });
    document.cookie = 'XSRF-TOKEN=token';
    await fillAndSubmit(user, 'admin@example.com', 'wrong');
    await screen.findByText('Неверный логин или пароль');
    const field = screen.getByLabelText('Email или телефон');
    expect(field).toHaveAccessibleDescription('Неверный логин или пароль');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Пароль')).not.toHaveAttribute('aria-invalid');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionOf(store).authenticated).toBe(false);
  });

  it('shows a refusal without field errors as the form error (429)', async () => {
    const { user } = openLogin('/login', {
      'POST /login': {
        status: 429,
        body: { code: 0, message: 'Слишком много попыток входа. Повторите через 2 мин.' },
      },
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Слишком много попыток входа. Повторите через 2 мин.',
    );
  });

  it('does not sign in on a 200 without a user', async () => {
    const { user, router, store } = openLogin('/login', {
      'POST /login': { status: 200, body: { user: {} } },
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось войти');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionOf(store).authenticated).toBe(false);
  });

  it('signs in on a 200 with a user and returns to the remembered page', async () => {
    const { user, router, store, api } = openLogin('/login?redirect=%2Fadmin%2Ftickets', {
      'POST /login': () => {
        signedInAfterLogin(api);
        return { status: 200, body: { user: USER } };
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Запомнить меня' }));
    await fillAndSubmit(user, ' admin@example.com ', 'demo-password');
    expect(await screen.findByRole('heading', { name: 'Заявки' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/tickets');
    expect(api.callsTo('POST /login')[0]?.data).toEqual({
      login: 'admin@example.com',
      password: 'demo-password',
      remember: true,
    });
    expect(sessionOf(store)).toMatchObject({
      user: USER,
      authenticated: true,
      permissionData: permissionDataOf('admin'),
    });
    expect(screen.getByText('Бакыт Осмонов')).toBeInTheDocument();
  });

  it('goes to the admin home when there is no page to return to', async () => {
    const { user, router, api } = openLogin('/login', {
      'POST /login': () => {
        signedInAfterLogin(api);
        return { status: 200, body: { user: USER } };
      },
    });
    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Пользователи' });
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('gets the XSRF-TOKEN cookie with a GET before the first POST', async () => {
    const { user, api } = openLogin('/login', {
      'GET /get-laravel-permission-to-vuejs': () => {
        document.cookie = 'XSRF-TOKEN=fresh';
        return { status: 200, body: 0 };
      },
      'POST /login': { status: 422, body: { code: 0, message: 'x', errors: { login: ['x'] } } },
    });
    await screen.findByLabelText('Email или телефон');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const before = api.calls.length;
    await fillAndSubmit(user);
    await waitFor(() => expect(api.callsTo('POST /login')).toHaveLength(1));
    expect(api.calls.slice(before).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /get-laravel-permission-to-vuejs',
      'POST /login',
    ]);
  });

  it('refreshes an expired XSRF token once and tries again (419)', async () => {
    let attempts = 0;
    const { user, api } = openLogin('/login', {
      'POST /login': () => {
        attempts += 1;
        if (attempts === 1) return { status: 419, body: { code: 0, message: 'CSRF' } };
        signedInAfterLogin(api);
        return { status: 200, body: { user: USER } };
      },
    });
    document.cookie = 'XSRF-TOKEN=stale';
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows the loading state on the button while signing in', async () => {
    const reply = deferredReply();
    const { user } = openLogin('/login', { 'POST /login': reply.handler });
    document.cookie = 'XSRF-TOKEN=token';
    await fillAndSubmit(user);
    const button = await screen.findByRole('button', { name: /Войти/ });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email или телефон')).toBeDisabled();
    reply.resolve({
      status: 422,
      body: { code: 0, message: 'x', errors: { password: ['Пароль неверен'] } },
    });
    expect(await screen.findByText('Пароль неверен')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(button).toBeEnabled();
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription('Пароль неверен');
  });

  it('shows and hides the password on request', async () => {
    const { user } = openLogin();
    const password = await screen.findByLabelText('Пароль');
    await user.type(password, 'secret');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Показать' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Скрыть' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Скрыть' }));
    expect(password).toHaveAttribute('type', 'password');
    // The field alone carries the label 'Пароль'.
    expect(screen.getAllByLabelText(/Пароль/)).toEqual([password]);
  });

  it('refuses a login over 255 characters before sending it', async () => {
    const { user, api } = openLogin();
    const login = await screen.findByLabelText('Email или телефон');
    await user.click(login);
    await user.paste('a'.repeat(256));
    await user.type(screen.getByLabelText('Пароль'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(login).toHaveAccessibleDescription('Не больше 255 символов');
    expect(api.callsTo('POST /login')).toHaveLength(0);
  });

  it('says so when the server cannot be reached', async () => {
    const { user } = openLogin('/login', {
      'POST /login': () => {
        throw new Error('Network Error');
      },
    });
    document.cookie = 'XSRF-TOKEN=token';
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Нет связи с сервером');
  });
});
