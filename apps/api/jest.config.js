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
    // Kysely 0.29 and content-disposition 3 ship ES modules only. Node 22.12+ require()s them
    // (the API's own runs), but Jest's module loader does so only under
    // --experimental-vm-modules: swc turns them into CommonJS here as it does the tests' TS.
    transformIgnorePatterns: ['/node_modules/(?!(kysely|content-disposition)/)'],
  },
});
