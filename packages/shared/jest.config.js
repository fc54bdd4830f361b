const { jestProject } = require('../../jest.config.base');

module.exports = jestProject({
  dir: __dirname,
  name: 'shared',
  environment: 'jsdom',
  extra: {
    collectCoverageFrom: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'],
    coverageProvider: 'v8',
  },
});
