import { dayjs } from '@tour/shared';
import { emptyUserForm, saveBodyOf, splitServerErrors } from './user-form-values';

describe('saveBodyOf', () => {
  const values = {
    ...emptyUserForm(),
    full_name: '  Иванов Иван ',
    email: ' ',
    password: 'secret-pass',
    roles: ['client' as const],
    birth_date: dayjs('1990-05-17'),
  };

  it('sends blanks as null and dates as YYYY-MM-DD', () => {
    expect(saveBodyOf(values, { withPassword: false })).toEqual({
      full_name: 'Иванов Иван',
      email: null,
      phone: null,
      birth_date: '1990-05-17',
      citizenship: null,
      passport_number: null,
      passport_issued_at: null,
      passport_expires_at: null,
      notes: null,
      roles: ['client'],
    });
  });

  it("leaves a new user's blank manager to the server, but clears it on an edit", () => {
    expect(saveBodyOf(values, { withPassword: false })).not.toHaveProperty('manager_id');
    expect(saveBodyOf(values, { id: 5, withPassword: false })).toMatchObject({
      id: 5,
      manager_id: null,
      counterparty_id: null,
    });
  });

  it('sends the password only when its field is shown and filled', () => {
    expect(saveBodyOf(values, { withPassword: true })).toHaveProperty('password', 'secret-pass');
    expect(saveBodyOf({ ...values, password: '' }, { withPassword: true })).not.toHaveProperty(
      'password',
    );
  });

  it('sends the current password only with a new one, when its field is shown', () => {
    const own = { ...values, current_password: 'old-secret' };
    const options = { id: 5, withPassword: true, withCurrentPassword: true };
    expect(saveBodyOf(own, options)).toMatchObject({
      password: 'secret-pass',
      current_password: 'old-secret',
    });
    expect(saveBodyOf({ ...own, password: '' }, options)).not.toHaveProperty('current_password');
    expect(saveBodyOf(own, { ...options, withCurrentPassword: false })).not.toHaveProperty(
      'current_password',
    );
    expect(saveBodyOf({ ...own, current_password: '' }, options)).not.toHaveProperty(
      'current_password',
    );
  });
});

describe('splitServerErrors', () => {
  it('puts each error under its field (roles.0 under roles) and the rest aside', () => {
    const split = splitServerErrors(
      {
        'roles.0': ['Недопустимое значение'],
        roles: ['Назначать и снимать роли сотрудников может только администратор'],
        password: ['Не короче 8 символов'],
        id: ['Пользователь не найден'],
      },
      (field) => field !== 'password',
    );
    expect(split.fields).toEqual([
      {
        name: 'roles',
        errors: [
          'Недопустимое значение',
          'Назначать и снимать роли сотрудников может только администратор',
        ],
      },
    ]);
    expect(split.other).toEqual(['Не короче 8 символов', 'Пользователь не найден']);
  });
});
