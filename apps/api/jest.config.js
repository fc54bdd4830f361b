const { jestProject } = require('../../jest.config.base');

// The API tests run on the embedded PostgreSQL 15, the production floor's major (DESIGN.md 7):
// test/global-setup.ts starts one throwaway cluster with a migrated template database.
module.exports = jestProject({
  dir: __dirname,
  name: 'api',
  environment: 'node',
  extra: {
    globalSetup: '<rootDir>/test/global-setup.ts',
    globalTeardown: '<rootDir>/test/global-teardown.ts',
  },
});
