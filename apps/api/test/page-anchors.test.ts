import { anchoredPage, type AnchoredList } from '../src/lib/page-anchors';
import { syncRolesAndPermissions } from '../src/routes/auth/roles-sync';
import * as repo from '../src/routes/users/user-repository';
import { userScope } from '../src/domain/reach';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// The users list's deep pages start from anchors (ids every ANCHOR_EVERY positions). Here every
// 5 positions, so that 23 users give anchors at 0, 5, 10, 15 and 20 and every page but the first
// starts from one.

const database = useTestDatabase();
const db = () => database().db;

describe('anchored pages of the users list', () => {
  let managerId: number;
  let list: AnchoredList<repo.UserWithRoles>;
  let anchorBuilds: number;

  beforeAll(async () => {
    await syncRolesAndPermissions(db());
    managerId = await createTestUser(db(), { roles: ['sales_manager'] });
    const viewer = { id: managerId, roles: ['sales_manager'], permissions: ['users_section'] };
    const scope = userScope(viewer);
    anchorBuilds = 0;
    list = {
      key: `anchors-test:${managerId}`,
      every: 5,
      rowsOf: (limit, offset, atMostId) =>
        repo.pageOfUsers(db(), scope, {}, limit, offset, { atMostId }),
      fingerprint: () => repo.fingerprintUsers(db(), scope, {}),
      anchors: () => {
        anchorBuilds += 1;
        return repo.anchorsOfUsers(db(), scope, {}, 5);
      },
    };
    for (let i = 0; i < 22; i += 1) {
      await createTestUser(db(), { password: null, email: null, manager_id: managerId });
    }
  });

  /** Every page by 3, concatenated, with the totals each page answered. */
  async function everyPage() {
    const ids: number[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page += 1) {
      const answer = await anchoredPage(db(), { page, per_page: 3 }, 20, list, (row) => row.id);
      totals.add(answer.total);
      if (answer.data.length === 0) return { ids, totals: [...totals], lastPage: answer.last_page };
      ids.push(...answer.data);
    }
  }

  async function inScope(): Promise<number[]> {
    const rows = await db()
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('manager_id', '=', managerId), eb('id', '=', managerId)]))
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  }

  it('answers the same rows, in the same order, as a plain walk of the list', async () => {
    const expected = await inScope();
    expect(expected).toHaveLength(23);
    expect(await everyPage()).toEqual({ ids: expected, totals: [23], lastPage: 8 });
    expect(anchorBuilds).toBe(1);
    await everyPage();
    expect(anchorBuilds).toBe(1); // the list did not change: the anchors were kept
  });

  it('rebuilds the anchors after an insert, a delete, a user leaving, or one leaving as one joins', async () => {
    const changes: Array<() => Promise<unknown>> = [
      () => createTestUser(db(), { password: null, email: null, manager_id: managerId }),
      async () => {
        const [, second] = await inScope();
        await db().deleteFrom('users').where('id', '=', second!).execute();
      },
      async () => {
        const ids = await inScope();
        await db()
          .updateTable('users')
          .set({ manager_id: null })
          .where('id', '=', ids[7]!)
          .execute();
      },
      async () => {
        // As many users as before: one leaves the list, a newer one joins it.
        const outsider = await createTestUser(db(), { password: null, email: null });
        const ids = await inScope();
        await db()
          .updateTable('users')
          .set({ manager_id: null })
          .where('id', '=', ids[3]!)
          .execute();
        await db()
          .updateTable('users')
          .set({ manager_id: managerId })
          .where('id', '=', outsider)
          .execute();
      },
    ];
    for (const change of changes) {
      const builds = anchorBuilds;
      await change();
      const expected = await inScope();
      const pages = await everyPage();
      expect(pages.ids).toEqual(expected);
      expect(pages.totals).toEqual([expected.length]);
      expect(anchorBuilds).toBe(builds + 1);
    }
  });

  it('answers an empty page past the end and the first page without reading anchors', async () => {
    const builds = anchorBuilds;
    const past = await anchoredPage(db(), { page: 50, per_page: 3 }, 20, list, (row) => row.id);
    expect(past).toMatchObject({ data: [], total: (await inScope()).length, from: null });
    const first = await anchoredPage(db(), { page: 1, per_page: 3 }, 20, list, (row) => row.id);
    expect(first.data).toEqual((await inScope()).slice(0, 3));
    expect(anchorBuilds).toBe(builds);
  });
});
