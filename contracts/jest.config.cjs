module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': require('../jest.swc.cjs') },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
