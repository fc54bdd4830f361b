const { jestProject } = require('../../jest.config.base');

// The API tests whose outcome depends on the database server run a second time here, on
// PostgreSQL 15 (the production floor) from Debian's postgresql-15 package in
// /usr/lib/postgresql/15/bin. The rest (access rules, validation, documents, headers, settings)
// would only repeat what the embedded PostgreSQL 17 run has shown. A new test file that checks
// locking, concurrency, migrations or an SQL feature belongs in this list.
(globalThis.__TOUR_API_PG_PROJECTS__ ??= {})['api-pg15'] = 'pg15';

const SERVER_DEPENDENT = [
  // Migrations and the template database every test database is copied from.
  'test/harness.test.ts',
  // The recipe that starts a PostgreSQL 15 server as the postgres account.
  'src/db/cluster.test.ts',
  // Row locks in id order, concurrent idempotent twins, the unique index that decides them.
  'test/payments.test.ts',
  // Confirmations racing for one operation or one wallet's balance (row locks, balance check).
  'test/confirmation.test.ts',
  // The ledger: a confirmation racing a rejection, resolved-row triggers, the reversal index.
  'test/ledger.test.ts',
  // 1,000 concurrent transfers, 50 withdrawals racing for one balance, one Idempotency-Key for
  // 100 requests; the model-based run; the ledger check's exact numeric arithmetic.
  'test/ledger-concurrency.test.ts',
  'test/ledger-model.test.ts',
  'test/ledger-check.test.ts',
  // Saves racing for one email or phone (unique constraints, row locks).
  'test/users.test.ts',
  // Fifty adds racing for a trip's last seats (the trip's row lock, the seats check).
  'test/trips.test.ts',
  // Trigger-kept tallies under concurrent writes.
  'test/tallies.test.ts',
  // The suppliers directory: a unique index on lower(name), text[] containment, trigram search.
  'test/suppliers.test.ts',
  // Bookings: btree_gist month ranges, range_agg multiranges for hotel nights, the triggers that
  // keep what suppliers were paid.
  'test/bookings.test.ts',
  // Readiness: each tourist's flights ordered in array aggregates, the triggers that mark a trip's
  // gaps stale when its mark or an air ticket's route changes.
  'test/readiness.test.ts',
  // Migration room-plans: jsonb arrays of room types made with array_fill, and back.
  'test/room-plans-migration.test.ts',
  // Reports: the business day of a timestamp, the latest rate on or before each day (lateral
  // joins), JSON aggregates of every trip of a period.
  'test/reports.test.ts',
  // The agent area: its reach in every query, jsonb travellers, the commission in exact decimals.
  'test/agent.test.ts',
  // Trigram search, deep pages from id anchors, merged index scans, named prepared statements.
  'test/users-list.test.ts',
  'test/page-anchors.test.ts',
  'test/wallets.test.ts',
  // A wallet's currency checked under its row lock; statements: Bishkek days, window sums.
  'test/wallet-admin.test.ts',
  'test/prepared.test.ts',
  // Rates of the latest day on or before the one asked for; upserts of a day's rates.
  'test/rates.test.ts',
  // The demo data through the services: every query the product runs, at volume.
  'test/seed.test.ts',
  // Instances starting together: Kysely's advisory lock around concurrent migrations (and its
  // concurrent create table if not exists), the seed's lock and its emptiness check under it.
  'test/migrate-concurrency.test.ts',
  // GET /api/ready: a statement timeout under a lock, a database dropped under the pool, one
  // never migrated (to_regclass).
  'test/health.test.ts',
  // Backup and restore: pg_dump and pg_restore of the server's own major (Debian's 15 here), the
  // tour-dump's snapshot, row-type text and trigger-less load on the production floor.
  'test/reliability/backup.test.ts',
  // Confirmations cut by kill -9 of the API: what committed stays, nothing moves twice on retry.
  'test/reliability/faults.test.ts',
];

module.exports = jestProject({
  dir: __dirname,
  name: 'api-pg15',
  environment: 'node',
  extra: {
    globalSetup: '<rootDir>/test/global-setup.ts',
    globalTeardown: '<rootDir>/test/global-teardown.ts',
    globals: { __TEST_PG_FLAVOR__: 'pg15' },
    testMatch: SERVER_DEPENDENT.map((file) => `<rootDir>/${file}`),
  },
});
