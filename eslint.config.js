import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (STYLE.md §6): shared → features → app. `shared/` never imports features or
 * app; a feature never imports another feature's internals, only its `api.ts`; `api/` is the data
 * layer and imports neither. The raw react-redux hooks are banned in favour of the typed ones.
 */
export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'pacts',
      '.mock-data',
      '.e2e-data',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch and useAppSelector from src/app/hooks.ts.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/api/**'],
              message: 'shared/ imports nothing of the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/api/**'],
    ignores: ['src/api/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'The data layer imports no feature and no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    ignores: ['src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch and useAppSelector from src/app/hooks.ts.',
            },
          ],
          patterns: [
            {
              regex: '^\\.\\./\\.\\./app/(?!hooks$)',
              message: 'A feature reaches app/ only through app/hooks.',
            },
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!api$|areas$)',
              message: "Import another feature's api.ts only, never its internals.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['mock-server/**', 'scripts/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/features/**', '**/src/app/**'],
              message: 'Servers and tooling share only src/api/contract and src/testing.',
            },
          ],
        },
      ],
    },
  },
);
