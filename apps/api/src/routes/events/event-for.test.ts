import { eventFor } from './index';

// Which wallets of a change a page hears of, viewer by viewer (the wallets' read rule without a
// query), including permission sets no role grants today.

const site = { id: 1, type: 'site' as const, user_id: null, owner: null };
const ward = {
  id: 2,
  type: 'user' as const,
  user_id: 20,
  owner: { manager_id: 7, counterparty_id: null },
};
const brought = {
  id: 3,
  type: 'user' as const,
  user_id: 30,
  owner: { manager_id: null, counterparty_id: 7 },
};
const own = {
  id: 4,
  type: 'user' as const,
  user_id: 7,
  owner: { manager_id: null, counterparty_id: null },
};
const announcement = { walletIds: [1, 2, 3, 4], wallets: [site, ward, brought, own] };

const viewer = (roles: string[], permissions: string[]) => ({ id: 7, roles, permissions });

describe('eventFor', () => {
  it('accounting without allow_site_wallets: every user wallet, no company wallet', () => {
    expect(eventFor(viewer(['accountant'], ['accounting_section']), announcement)).toEqual({
      walletIds: [2, 3, 4],
      userIds: [20, 30, 7],
    });
  });

  it('allow_site_wallets without the accounting section: no company wallet either', () => {
    const payer = viewer(['sales_manager'], ['add_payment', 'allow_site_wallets']);
    expect(eventFor(payer, announcement)).toEqual({ walletIds: [2, 4], userIds: [20, 7] });
  });

  it('a staff member who takes payments: its wards and itself; with see_all_users everyone', () => {
    expect(eventFor(viewer(['sales_manager'], ['add_payment']), announcement)?.walletIds).toEqual([
      2, 4,
    ]);
    const all = viewer(['sales_manager'], ['add_payment', 'see_all_users']);
    expect(eventFor(all, announcement)?.walletIds).toEqual([2, 3, 4]);
  });

  it('a staff member who is also a counterparty reaches the tourists it brought', () => {
    const both = viewer(['sales_manager', 'counterparty'], ['add_payment']);
    expect(eventFor(both, announcement)?.walletIds).toEqual([2, 3, 4]);
  });

  it('without add_payment, only its own wallet; nothing at all is no event', () => {
    const reader = viewer(['reservation_agent'], ['see_all_users']);
    expect(eventFor(reader, announcement)).toEqual({ walletIds: [4], userIds: [7] });
    expect(eventFor(reader, { walletIds: [1, 2], wallets: [site, ward] })).toBeNull();
  });

  it('wallets unread: ids only for who reads every wallet, an empty event for anyone else', () => {
    const unread = { walletIds: [1, 2], wallets: null };
    const accountant = viewer(['accountant'], ['accounting_section', 'allow_site_wallets']);
    expect(eventFor(accountant, unread)).toEqual({ walletIds: [1, 2], userIds: [] });
    expect(eventFor(viewer(['sales_manager'], ['add_payment']), unread)).toEqual({
      walletIds: [],
      userIds: [],
    });
  });
});
