// ESLint for the whole repository (flat config): the recommended sets of ESLint,
// typescript-eslint, React hooks and jsx-a11y, and nothing that Prettier decides.
// `npm run lint` runs it; `npm run format:check` runs Prettier.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.data/',
      '.test-data/',
      'coverage/',
      'frontend/e2e-screenshots/',
      'frontend/public/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_` names a value a signature needs but the body does not (a Koa `next`, a tuple slot).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'frontend/test/**/*.{ts,tsx,js}', 'frontend/jest.setup.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // These two read props of our own components as DOM attributes: `<RequireAuth role="admin">`
      // is not an ARIA role, and `autoFocus` on an MUI Button or TextField in a dialog is how
      // MUI places the dialog's initial focus (the WAI-ARIA dialog pattern). DOM elements stay checked.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // react-hooks 7 brings the React Compiler's rules into its recommended set. The code keeps
      // the latest callback in a ref and resets local state when a key changes, on purpose, and the
      // app does not use the compiler: warnings to work through, not errors (docs/known-limitations.md).
      'react-hooks/refs': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
    },
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: [
      '**/*.{js,mjs,cjs}',
      'infra/**/*.ts',
      'services/**/*.ts',
      'contracts/**/*.ts',
      'frontend/e2e/**/*.ts',
      'frontend/scripts/**',
      'frontend/vite.config.mts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'frontend/jest.setup.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    // jest.config.js and the test environment files are CommonJS.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
