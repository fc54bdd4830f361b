const path = require('node:path');
const { jestProject } = require('../../jest.config.base');

module.exports = jestProject({
  dir: __dirname,
  name: 'shell',
  environment: 'jsdom',
  extra: {
    // jsdom plus the Fetch API of Node (react-router's data router needs Request).
    testEnvironment: '<rootDir>/src/testing/jsdom-environment.js',
    // The root's jsdom setup (jest-dom, TextEncoder), then the shell's (matchMedia for antd).
    setupFilesAfterEnv: [
      path.join(__dirname, '../../jest.setup.jsdom.ts'),
      '<rootDir>/src/testing/setup-tests.ts',
    ],
  },
});
