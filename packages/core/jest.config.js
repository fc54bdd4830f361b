const { jestProject } = require('../../jest.config.base');

module.exports = jestProject({
  dir: __dirname,
  name: 'core',
  extra: {
    collectCoverageFrom: ['src/**/*.ts', '!src/**/*.test.ts'],
    coverageProvider: 'v8',
  },
});
