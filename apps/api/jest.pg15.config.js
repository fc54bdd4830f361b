const { jestProject } = require('../../jest.config.base');

// The API tests of jest.config.js again, on PostgreSQL 15 (the production floor) from Debian's
// postgresql-15 package in /usr/lib/postgresql/15/bin.
(globalThis.__TOUR_API_PG_PROJECTS__ ??= {})['api-pg15'] = 'pg15';

module.exports = jestProject({
  dir: __dirname,
  name: 'api-pg15',
  environment: 'node',
  extra: {
    globalSetup: '<rootDir>/test/global-setup.ts',
    globalTeardown: '<rootDir>/test/global-teardown.ts',
    globals: { __TEST_PG_FLAVOR__: 'pg15' },
    // These start the embedded PostgreSQL 17 themselves whatever the project: once is enough.
    testPathIgnorePatterns: [
      '/node_modules/',
      '<rootDir>/src/db/embedded\\.test\\.ts$',
      '<rootDir>/test/crash-recovery\\.test\\.ts$',
    ],
  },
});
