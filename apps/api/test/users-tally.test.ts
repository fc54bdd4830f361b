import { sql } from 'kysely';
import { fingerprintAllUsers } from '../src/routes/users/user-repository';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// users_tally (count and id sum of users) is kept by triggers: the whole users list reads its
// total from it. It must equal a real count after every kind of change, rolled back ones too.

const database = useTestDatabase();
const db = () => database().db;

async function counted() {
  const { rows } = await sql<{ total: string; sum: string }>`
    select count(*) as total, coalesce(sum(id), 0)::text as sum from users`.execute(db());
  return { total: Number(rows[0]!.total), sum: rows[0]!.sum };
}

describe('users_tally', () => {
  it('follows inserts, bulk inserts, deletes, rollbacks and truncation', async () => {
    expect(await fingerprintAllUsers(db())).toEqual(await counted());
    await createTestUser(db(), { password: null });
    await sql`insert into users (full_name) select 'Пакет ' || i from generate_series(1, 50) i`.execute(
      db(),
    );
    expect(await fingerprintAllUsers(db())).toEqual(await counted());
    expect((await counted()).total).toBeGreaterThanOrEqual(51);

    await sql`delete from users where full_name like 'Пакет 1%'`.execute(db());
    expect(await fingerprintAllUsers(db())).toEqual(await counted());

    const before = await counted();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('users').values({ full_name: 'Откатится' }).execute();
          throw new Error('rollback');
        }),
    ).rejects.toThrow('rollback');
    expect(await fingerprintAllUsers(db())).toEqual(before);

    await sql`truncate table users, users_tally restart identity cascade`.execute(db());
    expect(await fingerprintAllUsers(db())).toEqual({ total: 0, sum: '0' });
    await createTestUser(db(), { password: null });
    expect(await fingerprintAllUsers(db())).toEqual(await counted());
  });
});
