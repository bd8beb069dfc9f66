import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['mf-onboarding', 'mf-loan-status', 'mf-repayment', 'mf-guarantor', 'mf-admin'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/coverage/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [
      'infra/bin/**',
      'infra/scripts/**',
      'infra/gateway/**',
      'api/src/main.ts',
      'api/scripts/**',
      'api/bench/**',
    ],
    rules: { 'no-console': 'off' },
  },
  // Remotes never import each other, feature code reaches Chakra only through @lending/ui (the
  // one shared, tree-shaken copy in the page) and the query library only through the platform.
  ...remotes.map((remote) => ({
    files: [`${remote}/src/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: remotes.filter((r) => r !== remote).map((r) => `**/${r}/**`),
              message: 'Remotes talk over the bus, never by import.',
            },
            { group: ['@chakra-ui/*'], message: 'Import UI pieces from @lending/ui.' },
            {
              group: ['@tanstack/*'],
              message: 'Reach the page cache through @lending/platform/query.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['shared/domain/src/**', 'shared/contracts/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                '@chakra-ui/*',
                'fastify',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '@electric-sql/*',
                'axios',
                'rxjs',
              ],
              message: 'Domain rules and contracts stay free of frameworks and I/O.',
            },
          ],
        },
      ],
    },
  },
);
