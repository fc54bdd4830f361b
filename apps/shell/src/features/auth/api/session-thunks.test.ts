import { waitFor } from '@testing-library/react';
import { makeStore } from '../../../app/store';
import { deferredReply, installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { permissionDataOf, signedInRoutes, userFixture } from '../../../testing/fixtures';
import { sessionOf } from '../../../testing/session';
import {
  SIGN_IN_FAILED,
  SIGN_IN_OFFLINE,
  loadSession,
  reloadPermissions,
  sessionLost,
  signInFailure,
  signOut,
} from './session-thunks';

let api: FakeApi;

afterEach(() => {
  api?.restore();
});

describe('loadSession', () => {
  it('stores the user and the permission data', async () => {
    api = installFakeApi(signedInRoutes(['accountant']));
    const store = makeStore();
    await store.dispatch(loadSession());
    expect(sessionOf(store)).toEqual({
      user: userFixture({ roles: ['accountant'] }),
      permissionData: permissionDataOf('accountant'),
      authenticated: true,
      signedOut: false,
      signingOut: false,
    });
  });

  it('empties a user loaded before when the call fails later', async () => {
    api = installFakeApi(signedInRoutes(['admin']));
    const store = makeStore();
    await store.dispatch(loadSession());
    api.on('GET /user', { status: 500, body: { code: 0, message: 'x' } });
    api.on('GET /get-laravel-permission-to-vuejs', { status: 200, body: 0 });
    await store.dispatch(loadSession());
    expect(sessionOf(store)).toMatchObject({
      user: null,
      permissionData: null,
      authenticated: false,
    });
  });

  it('reads a code other than 1 as an empty user', async () => {
    api = installFakeApi({
      ...signedInRoutes(['admin']),
      'GET /user': { status: 200, body: { code: 0, data: userFixture() } },
    });
    const store = makeStore();
    await store.dispatch(loadSession());
    expect(sessionOf(store).authenticated).toBe(false);
  });
});

describe('reloadPermissions', () => {
  it('keeps what is known when the call fails', async () => {
    api = installFakeApi(signedInRoutes(['admin']));
    const store = makeStore();
    await store.dispatch(loadSession());
    api.on('GET /get-laravel-permission-to-vuejs', () => {
      throw new Error('offline');
    });
    await expect(store.dispatch(reloadPermissions())).resolves.toEqual({ outcome: 'failed' });
    expect(sessionOf(store).permissionData).toEqual(permissionDataOf('admin'));
  });

  it('says when the server answers 0 (signed out)', async () => {
    api = installFakeApi({ 'GET /get-laravel-permission-to-vuejs': { status: 200, body: 0 } });
    const store = makeStore();
    await expect(store.dispatch(reloadPermissions())).resolves.toEqual({ outcome: 'signed-out' });
  });
});

describe('signOut', () => {
  it.each([
    ['answers', { status: 200, body: { code: 1 } }],
    ['fails', { status: 500, body: { code: 0, message: 'x' } }],
    ['says the token expired', { status: 419, body: { code: 0, message: 'CSRF' } }],
  ])('clears the session when the server %s', async (_how, reply) => {
    api = installFakeApi({ ...signedInRoutes(['admin']), 'POST /logout': reply });
    const store = makeStore();
    await store.dispatch(loadSession());
    await store.dispatch(signOut());
    expect(api.callsTo('POST /logout')).toHaveLength(1);
    expect(sessionOf(store)).toEqual({
      user: null,
      permissionData: null,
      authenticated: false,
      signedOut: true,
      signingOut: false,
    });
  });

  it('ignores 401s of requests that were in flight while the logout ran', async () => {
    const logout = deferredReply();
    api = installFakeApi({ ...signedInRoutes(['admin']), 'POST /logout': logout.handler });
    const store = makeStore();
    await store.dispatch(loadSession());
    const leaving = store.dispatch(signOut());
    await waitFor(() => expect(api.callsTo('POST /logout')).toHaveLength(1));
    expect(store.dispatch(sessionLost())).toBe(false);
    expect(sessionOf(store).authenticated).toBe(true);
    logout.resolve({ status: 200, body: { code: 1 } });
    await leaving;
    expect(sessionOf(store)).toMatchObject({ signedOut: true, signingOut: false });
  });
});

describe('signInFailure', () => {
  it('puts login and password messages under their fields', () => {
    expect(
      signInFailure(422, {
        code: 0,
        message: 'Неверный логин или пароль',
        errors: { login: ['Неверный логин или пароль'], password: ['Слишком короткий'] },
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { login: ['Неверный логин или пароль'], password: ['Слишком короткий'] },
      formError: null,
    });
  });

  it('shows messages of other fields as the form error', () => {
    expect(signInFailure(422, { errors: { remember: ['Неверное значение'] } })).toMatchObject({
      fieldErrors: {},
      formError: 'Неверное значение',
    });
  });

  it("shows the server's message when no field is named", () => {
    expect(signInFailure(429, { code: 0, message: 'Слишком много попыток' }).formError).toBe(
      'Слишком много попыток',
    );
  });

  it('falls back to Russian texts of its own', () => {
    expect(signInFailure(0, undefined).formError).toBe(SIGN_IN_OFFLINE);
    expect(signInFailure(500, '<html>').formError).toBe(SIGN_IN_FAILED);
    expect(signInFailure(500, { message: 'Internal Server Error' }).formError).toBe(SIGN_IN_FAILED);
  });
});
