// Unit tests of the site's pure helpers (route rules, links); pages and islands are covered by e2e/.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.tsx?$': require('../jest.swc.cjs') },
  moduleNameMapper: {
    '^@warraq/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@warraq/contracts/browser$': '<rootDir>/../contracts/src/browser.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};
