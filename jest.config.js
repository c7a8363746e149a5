/** @type {import('jest').Config} */
export default {
  testEnvironment: '<rootDir>/scripts/jest/leak-environment.cjs',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.ts$': '<rootDir>/scripts/jest/strip-types-transform.cjs' },
  testMatch: ['<rootDir>/{apps,packages}/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '\\.case\\.test\\.ts$'],
  globalSetup: '<rootDir>/scripts/jest/global-setup.ts',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
