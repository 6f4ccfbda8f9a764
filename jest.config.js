/** One jest run for the whole monorepo; every test file names its kind: *.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts. */
module.exports = {
  testEnvironment: 'node',
  // Transpile only (no type check here: `npm run lint` runs tsc), as CommonJS for jest's runtime.
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        isolatedModules: true,
        tsconfig: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, target: 'es2022', jsx: 'react-jsx' },
        diagnostics: false,
      },
    ],
    // Three of MSW's dependencies ship ES modules only: transpiled to CommonJS for the web page tests.
    '/node_modules/(rettime|until-async|@open-draft/deferred-promise)/.+\\.m?js$': [
      'ts-jest',
      { isolatedModules: true, tsconfig: { module: 'commonjs', allowJs: true, target: 'es2022' }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
  testMatch: ['<rootDir>/**/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/web/dist/'],
  globalSetup: '<rootDir>/test/globalSetup.ts',
  globalTeardown: '<rootDir>/test/globalTeardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
