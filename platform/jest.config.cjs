// Two projects: fast unit specs next to the code, and integration specs on real Postgres and Redis.
// Run with NODE_OPTIONS=--experimental-vm-modules (NestJS 12 and MikroORM 7 are ESM-only).
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': require('../jest.swc.cjs') },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@warraq/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@warraq/test-media$': '<rootDir>/../test-media/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

module.exports = {
  rootDir: __dirname,
  // Integration files each get their own database and Redis prefix, but share one machine: keep them serial.
  maxWorkers: 1,
  // A project-level testTimeout is ignored by Jest: only the root one applies (to both projects).
  testTimeout: 30_000,
  projects: [
    { ...shared, rootDir: __dirname, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...shared,
      rootDir: __dirname,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/test/global-setup.ts',
    },
  ],
};
