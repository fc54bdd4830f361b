const { jestProject } = require('../../jest.config.base');

// The same API tests run twice: here on the embedded PostgreSQL 17, in jest.pg15.config.js on
// PostgreSQL 15. test/global-setup.ts reads this registry: Jest calls a shared globalSetup once.
(globalThis.__TOUR_API_PG_PROJECTS__ ??= {}).api = 'pg17';

module.exports = jestProject({
  dir: __dirname,
  name: 'api',
  environment: 'node',
  extra: {
    globalSetup: '<rootDir>/test/global-setup.ts',
    globalTeardown: '<rootDir>/test/global-teardown.ts',
    globals: { __TEST_PG_FLAVOR__: 'pg17' },
  },
});
