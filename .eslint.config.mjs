// Lint rules that hold the design (DESIGN.md §6): one-way imports and one door to each database.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const rxdb = { group: ['rxdb', 'rxdb/*'], message: 'Only src/app/data/** talks to RxDB.' };
const dbDrivers = {
  group: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg', 'pg/*'],
  message: 'Only src/server/db/** talks to the database drivers.',
};
const appFromServer = { group: ['**/app/**', '**/app'], message: 'src/server never imports src/app.' };
const serverFromApp = { group: ['**/server/**', '**/server'], message: 'src/app never imports src/server.' };
const fromShared = {
  group: ['**/app/**', '**/server/**', 'react', 'react-dom', 'rxdb', 'rxdb/*'],
  message: 'src/shared is pure: it imports neither src/app nor src/server, nor IO libraries.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/shared/graphql/generated.ts', 'tests/e2e/artifacts/**', '.vite/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [fromShared, dbDrivers] }] },
  },
  {
    files: ['src/app/**'],
    ignores: ['src/app/data/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rxdb, dbDrivers, serverFromApp] }] },
  },
  {
    files: ['src/app/data/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [dbDrivers, serverFromApp] }] },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [dbDrivers, rxdb, appFromServer] }] },
  },
  {
    files: ['src/server/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rxdb, appFromServer] }] },
  },
);
