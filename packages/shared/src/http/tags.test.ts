import { cacheTags, movementTags, userSavedTags, walletListTags } from './tags';

describe('cache tags', () => {
  it('names one user, one wallet and its operations, and an owner by id', () => {
    expect(cacheTags.user(5)).toEqual({ type: 'User', id: 5 });
    expect(cacheTags.wallet(9)).toEqual({ type: 'Wallet', id: 9 });
    expect(cacheTags.walletOperations(9)).toEqual({ type: 'Transactions', id: 9 });
    expect(cacheTags.walletsOfOwner(5)).toEqual({ type: 'Wallets', id: 'owner-5' });
    expect(cacheTags.walletLists).toEqual({ type: 'Wallets', id: 'LIST' });
    expect(cacheTags.operationLists).toEqual({ type: 'Transactions', id: 'LIST' });
    expect(cacheTags.ownWallets).toEqual({ type: 'Wallets', id: 'OWN' });
    expect(cacheTags.userLists).toEqual({ type: 'Users', id: 'LIST' });
    expect(cacheTags.sessionPermissions).toEqual({ type: 'Permissions', id: 'SESSION' });
    expect(cacheTags.costings('trip', 5)).toEqual({ type: 'Costings', id: 'trip-5' });
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
      { type: 'Transactions', id: 'LIST' },
    ]);
    expect(movementTags({ walletIds: [] })).toEqual([
      { type: 'Wallets', id: 'LIST' },
      { type: 'Wallets', id: 'OWN' },
      { type: 'Transactions', id: 'LIST' },
    ]);
  });

  it("makes a saved user's record, the user lists, its wallets' views and История stale", () => {
    expect(userSavedTags(5)).toEqual([
      { type: 'User', id: 5 },
      { type: 'Users', id: 'LIST' },
      { type: 'Wallets', id: 'owner-5' },
      { type: 'History', id: 'user-5' },
    ]);
  });
});

describe('the main section tags', () => {
  it('name each trip, tour, request and history apart from the lists', () => {
    expect(cacheTags.trip(3)).toEqual({ type: 'Trip', id: 3 });
    expect(cacheTags.tripLists).toEqual({ type: 'Trips', id: 'LIST' });
    expect(cacheTags.tour(5)).toEqual({ type: 'Tour', id: 5 });
    expect(cacheTags.tourLists).toEqual({ type: 'Tours', id: 'LIST' });
    expect(cacheTags.ticket(7)).toEqual({ type: 'Ticket', id: 7 });
    expect(cacheTags.ticketLists).toEqual({ type: 'Tickets', id: 'LIST' });
    expect(cacheTags.history('trip', 3)).toEqual({ type: 'History', id: 'trip-3' });
    expect(cacheTags.history('prepared_tour', 3)).not.toEqual(cacheTags.history('trip', 3));
  });
});

describe('the rates tag', () => {
  it('is one tag for every view of rates', () => {
    expect(cacheTags.rates).toEqual({ type: 'Rates', id: 'LIST' });
  });
});

describe('the own sessions tag', () => {
  it('is one tag for the signed-in user’s list of sessions', () => {
    expect(cacheTags.ownSessions).toEqual({ type: 'Sessions', id: 'OWN' });
  });
});
