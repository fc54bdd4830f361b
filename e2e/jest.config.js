const { jestProject } = require('../jest.config.base');

// End-to-end: the production build of every app, served by the real API on a real (embedded)
// database with demo data, driven in Debian's Chromium through playwright-core.
module.exports = jestProject({
  dir: __dirname,
  name: 'e2e',
  environment: 'node',
  extra: {
    globalSetup: '<rootDir>/support/global-setup.ts',
    globalTeardown: '<rootDir>/support/global-teardown.ts',
    testTimeout: 60000,
  },
});
