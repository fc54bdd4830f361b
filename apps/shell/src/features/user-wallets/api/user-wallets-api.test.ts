import { concernsUser, errorBodyOf, type UserWalletsData } from './user-wallets-api';

describe('errorBodyOf', () => {
  it('reads a JSON error that arrived as a Blob', async () => {
    const body = { code: 0, errors: { fileName: ['Обязательное поле'] } };
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    await expect(errorBodyOf(blob)).resolves.toEqual(body);
  });

  it('gives null for a Blob that is not JSON, and other bodies as they are', async () => {
    await expect(errorBodyOf(new Blob(['<html>']))).resolves.toBeNull();
    await expect(errorBodyOf({ code: 0 })).resolves.toEqual({ code: 0 });
    await expect(errorBodyOf(undefined)).resolves.toBeNull();
  });
});

describe('concernsUser', () => {
  const data: UserWalletsData = {
    wallets: [{ id: 3, type: 'user', user_id: 7, name: 'USD', currency: 'usd', balance: 0 }],
    transactions: [],
  };

  it('is true for an event about the user, one of its wallets, or nobody in particular', () => {
    expect(concernsUser({}, 7, data)).toBe(true);
    expect(concernsUser({ userId: 7 }, 7, data)).toBe(true);
    expect(concernsUser({ walletIds: [9, 3] }, 7, data)).toBe(true);
  });

  it('is false for an event about someone else', () => {
    expect(concernsUser({ userId: 8, walletIds: [9] }, 7, data)).toBe(false);
    expect(concernsUser({ walletIds: [9] }, 7, undefined)).toBe(false);
  });
});
