// One Jest setup for every workspace: swc transpiles TypeScript and TSX, tests sit beside the code.
const path = require('node:path');

/** @param {{ dir: string, name: string, environment?: 'node' | 'jsdom', extra?: object }} options */
function jestProject({ dir, name, environment = 'node', extra = {} }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
        },
      ],
    },
    setupFilesAfterEnv: [
      path.join(__dirname, 'jest.setup.console.ts'),
      ...(environment === 'jsdom' ? [path.join(__dirname, 'jest.setup.jsdom.ts')] : []),
    ],
    // CI runs every project at once on two cores: antd-heavy renders and real servers are slow
    // there, so waits are generous (a hung test still fails).
    testTimeout: 30_000,
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
    ...extra,
  };
}

module.exports = { jestProject };
