// The root runs every workspace's Jest project (npm test -> test:unit).
const os = require('node:os');

module.exports = {
  // Two files at a time even on two cores (Jest's default there is one): a file waits on its
  // PostgreSQL, API or Chromium for much of its time, and the other file uses that core (the
  // whole run: 1 515 s with two, the sum of its files' times 3 017 s).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  projects: [
    '<rootDir>/packages/core',
    '<rootDir>/packages/shared',
    '<rootDir>/apps/shell',
    '<rootDir>/apps/booking',
    '<rootDir>/apps/accounting',
    '<rootDir>/apps/reports',
    '<rootDir>/apps/agent',
    '<rootDir>/apps/api',
    '<rootDir>/tools',
    '<rootDir>/deploy',
    '<rootDir>/e2e',
  ],
  // Global on purpose: Jest reads testTimeout from the root config when it runs several projects.
  // CI runs all of them at once on two cores, where antd renders and real servers are slow.
  testTimeout: 60_000,
  // The longest files first, on a fresh machine too (tools/jest/sequencer.js).
  testSequencer: '<rootDir>/tools/jest/sequencer.js',
  reporters: [
    'default',
    '<rootDir>/tools/jest/project-times.js',
    '<rootDir>/tools/jest/reliability-summary.js',
  ],
  // Coverage is measured for @tour/core and @tour/shared only. V8's coverage would run every test of every
  // project in precise-coverage mode and read back every script loaded (antd included) after each
  // file: the whole run took 1.6x as long. Babel's instruments only the files counted.
  coverageProvider: 'babel',
  collectCoverageFrom: [
    'packages/core/src/**/*.ts',
    'packages/shared/src/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
  ],
  coverageThreshold: {
    // Statements 90 for @tour/core: swc makes each exported constant a getter that counts as a
    // statement of its own, run only when a test of this package reads the constant, and most of
    // core's label tables are read by the client's tests (whose runs do not instrument core).
    './packages/core/src/': { lines: 95, statements: 90, functions: 95 },
    './packages/shared/src/': { lines: 95, statements: 95, functions: 95 },
  },
};
