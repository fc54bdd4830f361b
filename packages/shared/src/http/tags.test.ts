import { cacheTags, movementTags, userSavedTags, walletListTags } from './tags';

describe('cache tags', () => {
  it('names one user, one wallet and its operations, and an owner by id', () => {
    expect(cacheTags.user(5)).toEqual({ type: 'User', id: 5 });
    expect(cacheTags.wallet(9)).toEqual({ type: 'Wallet', id: 9 });
    expect(cacheTags.walletOperations(9)).toEqual({ type: 'Transactions', id: 9 });
    expect(cacheTags.walletsOfOwner(5)).toEqual({ type: 'Wallets', id: 'owner-5' });
    expect(cacheTags.walletLists).toEqual({ type: 'Wallets', id: 'LIST' });
    expect(cacheTags.ownWallets).toEqual({ type: 'Wallets', id: 'OWN' });
    expect(cacheTags.userLists).toEqual({ type: 'Users', id: 'LIST' });
    expect(cacheTags.sessionPermissions).toEqual({ type: 'Permissions', id: 'SESSION' });
  });

  it('tags a wallet list with each wallet and each owner once, company wallets without one', () => {
    const wallets = [
      { id: 1, user_id: 5 },
      { id: 2, user_id: 5 },
      { id: 3, user_id: null },
    ];
    expect(walletListTags(wallets)).toEqual([
      { type: 'Wallet', id: 1 },
      { type: 'Wallet', id: 2 },
      { type: 'Wallet', id: 3 },
      { type: 'Wallets', id: 'owner-5' },
    ]);
    expect(walletListTags(undefined)).toEqual([]);
  });

  it("makes a movement stale: its wallets, their operations, the owners' views, every list", () => {
    expect(movementTags({ walletIds: [4, null, 7, 4], ownerIds: [5, undefined] })).toEqual([
      { type: 'Wallet', id: 4 },
      { type: 'Transactions', id: 4 },
      { type: 'Wallet', id: 7 },
      { type: 'Transactions', id: 7 },
      { type: 'Wallets', id: 'owner-5' },
      { type: 'Wallets', id: 'LIST' },
      { type: 'Wallets', id: 'OWN' },
    ]);
    expect(movementTags({ walletIds: [] })).toEqual([
      { type: 'Wallets', id: 'LIST' },
      { type: 'Wallets', id: 'OWN' },
    ]);
  });

  it("makes a saved user's record, the user lists and its wallets' views stale", () => {
    expect(userSavedTags(5)).toEqual([
      { type: 'User', id: 5 },
      { type: 'Users', id: 'LIST' },
      { type: 'Wallets', id: 'owner-5' },
    ]);
  });
});
