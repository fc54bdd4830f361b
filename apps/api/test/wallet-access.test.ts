import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// Who reads a wallet and its operations (DESIGN.md 3 "Accounting", 4), the same answer on every
// read: GET /admin/wallet/:id, /admin/transactions/:walletId and /admin/user/:userId/wallets.
// A company wallet: accounting_section and allow_site_wallets. A user wallet: its owner, anyone
// with accounting_section, or add_payment when the owner is within the viewer's reach.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;

const WALLET_NOT_FOUND = { code: 0, message: 'Кошелёк не найден' };
const USER_NOT_FOUND = { code: 0, message: 'Пользователь не найден' };
const NO_ACCESS = { code: 0, message: 'Нет доступа к кошелькам этого пользователя' };

async function wallet(userId: number | null, name: string, currency = 'kgs'): Promise<number> {
  const { id } = await db()
    .insertInto('wallets')
    .values({ type: userId ? 'user' : 'site', user_id: userId, name, currency, balance: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('transactions')
    .values({ wallet_id: id, type: 'income', amount: 100, currency, status: 'pending' })
    .execute();
  return id;
}

let sales: { browser: Browser; id: number };
let agent: { browser: Browser; id: number };
let accountant: { browser: Browser; id: number };
/** A tourist the sales manager manages, one it does not. */
let managed: number;
let unmanaged: number;
const w = { managed: 0, unmanaged: 0, agentOwn: 0, site: 0 };

beforeAll(async () => {
  app = await buildTestApp(db());
  sales = await signedIn(app, db(), ['sales_manager']);
  agent = await signedIn(app, db(), ['reservation_agent']);
  accountant = await signedIn(app, db(), ['accountant']);
  managed = await createTestUser(db(), { password: null, manager_id: sales.id });
  unmanaged = await createTestUser(db(), { password: null });
  w.managed = await wallet(managed, 'Депозит (сом)');
  w.unmanaged = await wallet(unmanaged, 'Депозит USD', 'usd');
  w.agentOwn = await wallet(agent.id, 'Свой кошелёк');
  w.site = await wallet(null, 'Касса (сом)');
});
afterAll(async () => {
  await app.close();
});

/** The three reads of one user's wallet, as statuses. */
async function reads(browser: Browser, userId: number, walletId: number) {
  const [userWallets, one, history] = await Promise.all([
    browser.get(`/api/admin/user/${userId}/wallets`),
    browser.get(`/api/admin/wallet/${walletId}`),
    browser.get(`/api/admin/transactions/${walletId}`),
  ]);
  return { userWallets, one, history };
}

describe('wallet reads', () => {
  it('refuses a reservation agent (no accounting, no add_payment) another user’s wallets', async () => {
    const { userWallets, one, history } = await reads(agent.browser, unmanaged, w.unmanaged);
    // The user is within its reach (see_all_users), its wallets are not: 403 says so.
    expect(userWallets.statusCode).toBe(403);
    expect(userWallets.json()).toEqual(NO_ACCESS);
    // The wallet itself answers as a missing one: its existence is not revealed.
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual(WALLET_NOT_FOUND);
    expect(history.statusCode).toBe(404);
    expect(history.json()).toEqual(WALLET_NOT_FOUND);
  });

  it('lets a sales manager read the wallets of a user it manages, and nobody else’s', async () => {
    const mine = await reads(sales.browser, managed, w.managed);
    expect(mine.userWallets.statusCode).toBe(200);
    expect(mine.userWallets.json().data.wallets.map((x: { id: number }) => x.id)).toEqual([
      w.managed,
    ]);
    expect(mine.one.statusCode).toBe(200);
    expect(mine.one.json().data).toMatchObject({ id: w.managed, user_id: managed });
    expect(mine.history.statusCode).toBe(200);
    expect(mine.history.json().data.total).toBe(1);

    const foreign = await reads(sales.browser, unmanaged, w.unmanaged);
    expect(foreign.userWallets.statusCode).toBe(404);
    expect(foreign.userWallets.json()).toEqual(USER_NOT_FOUND);
    expect(foreign.one.json()).toEqual(WALLET_NOT_FOUND);
    expect(foreign.history.json()).toEqual(WALLET_NOT_FOUND);
    expect((await sales.browser.get(`/api/admin/wallet/${w.site}`)).json()).toEqual(
      WALLET_NOT_FOUND,
    );
  });

  it('lets an owner without accounting or add_payment read its own wallets', async () => {
    const own = await reads(agent.browser, agent.id, w.agentOwn);
    expect(own.userWallets.statusCode).toBe(200);
    expect(own.userWallets.json().data.wallets).toEqual([
      expect.objectContaining({ id: w.agentOwn, name: 'Свой кошелёк' }),
    ]);
    expect(own.one.statusCode).toBe(200);
    expect(own.history.statusCode).toBe(200);
  });

  it('lets an accountant read anyone’s wallets and the company’s', async () => {
    for (const [userId, walletId] of [
      [unmanaged, w.unmanaged],
      [managed, w.managed],
      [agent.id, w.agentOwn],
    ] as const) {
      const { userWallets, one, history } = await reads(accountant.browser, userId, walletId);
      expect([userWallets.statusCode, one.statusCode, history.statusCode]).toEqual([200, 200, 200]);
    }
    expect((await accountant.browser.get(`/api/admin/wallet/${w.site}`)).statusCode).toBe(200);
    expect((await accountant.browser.get(`/api/admin/transactions/${w.site}`)).statusCode).toBe(
      200,
    );
  });

  it('hides a company wallet from accounting without allow_site_wallets', async () => {
    // No role of DESIGN.md 4 has accounting_section without allow_site_wallets; one made here does.
    await db().insertInto('roles').values({ name: 'auditor', label: 'Ревизор' }).execute();
    await db()
      .insertInto('role_permissions')
      .values({ role: 'auditor', permission: 'accounting_section' })
      .execute();
    const auditor = await signedIn(app, db(), ['auditor', 'reservation_agent']);
    expect((await auditor.browser.get(`/api/admin/wallet/${w.site}`)).json()).toEqual(
      WALLET_NOT_FOUND,
    );
    expect((await auditor.browser.get(`/api/admin/transactions/${w.site}`)).json()).toEqual(
      WALLET_NOT_FOUND,
    );
    // A user's wallets it reads: accounting_section is enough for those.
    const user = await reads(auditor.browser, unmanaged, w.unmanaged);
    expect([user.userWallets.statusCode, user.one.statusCode, user.history.statusCode]).toEqual([
      200, 200, 200,
    ]);
  });

  it('documents who may read a user’s wallets, and the 403', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = response.json().paths['/api/admin/user/{userId}/wallets'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['403', '404']));
    expect(operation.description).toMatch(/accounting_section/);
    expect(operation.description).toMatch(/add_payment/);
    expect(operation.description).toMatch(/403/);
  });
});
