import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What runs leave behind (test-artifacts/: screenshots, CSVs and the docs' snippets as the tests wrote them; .local/: npm start's state) is not source.
  { ignores: ['node_modules/**', 'coverage/**', '**/dist/**', 'test-artifacts/**', '.local/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', fetch: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', structuredClone: 'readonly', setImmediate: 'readonly', performance: 'readonly', queueMicrotask: 'readonly', require: 'readonly', module: 'writable' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // The console's browser scripts: names are checked by tsc (apps/api/console/tsconfig.json, DOM lib).
  { files: ['apps/api/console/**/*.js'], rules: { 'no-undef': 'off' } },
);
