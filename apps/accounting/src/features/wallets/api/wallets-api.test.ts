import { balanceUpdatedTags, emptyPage } from './wallets-api';

describe('balanceUpdatedTags', () => {
  it("always reloads the user's own wallets and the wallet lists", () => {
    for (const detail of [{}, { walletIds: [3] }, { userId: 2 }]) {
      expect(balanceUpdatedTags(detail)).toEqual(
        expect.arrayContaining([
          { type: 'Wallets', id: 'USER' },
          { type: 'Wallets', id: 'LIST' },
          { type: 'Wallets', id: 'SITE' },
        ]),
      );
    }
  });

  it('reloads only the touched wallets and their operations when the event names them', () => {
    const tags = balanceUpdatedTags({ walletIds: [3, 4] });
    expect(tags).toEqual(
      expect.arrayContaining([
        { type: 'Wallet', id: 3 },
        { type: 'Transactions', id: 3 },
        { type: 'Wallet', id: 4 },
        { type: 'Transactions', id: 4 },
      ]),
    );
    expect(tags).not.toContain('Wallet');
    expect(tags).not.toContain('Transactions');
  });

  it('reloads every wallet and its operations when the event does not say which', () => {
    expect(balanceUpdatedTags({})).toEqual(expect.arrayContaining(['Wallet', 'Transactions']));
  });
});

describe('emptyPage', () => {
  it('is an empty first page in the paginator shape', () => {
    expect(emptyPage()).toEqual({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 0,
      from: null,
      to: null,
    });
  });
});
