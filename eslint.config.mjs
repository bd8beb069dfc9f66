import { existsSync, readdirSync } from 'node:fs';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['mf-onboarding', 'mf-loan-status', 'mf-repayment', 'mf-guarantor', 'mf-admin'];

const remotePatterns = (remote) => [
  {
    group: remotes.filter((r) => r !== remote).map((r) => `**/${r}/**`),
    message: 'Remotes talk over the bus, never by import.',
  },
  { group: ['@chakra-ui/*'], message: 'Import UI pieces from @lending/ui.' },
  { group: ['@tanstack/*'], message: 'Reach the page cache through @lending/platform/query.' },
];

/** The feature folders of a remote as they are on disk, so a new feature is covered at once. */
function featuresOf(remote) {
  const dir = new URL(`./${remote}/src/features/`, import.meta.url);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Imports that reach a sibling feature, relatively (`../summary/...`) or through a longer path
 *  (`../../features/summary/...`). */
function siblingFeaturePatterns(remote, feature) {
  const siblings = featuresOf(remote).filter((name) => name !== feature);
  if (siblings.length === 0) return [];
  return [
    {
      regex: `^(?:(?:\\.\\./)+|.*/features/)(?:${siblings.join('|')})(?:/|$)`,
      message:
        'A feature never imports another feature: move what both need to the shared folder of the remote (src/journey, src/hooks).',
    },
  ];
}

// The API's layers, from the bottom: kernel (configuration, clock, secrets, audit, transactions,
// errors) < adapters (outside services behind ports) < modules (one business area each) < app.ts
// (wiring). Each import below a layer's line is refused here; src/kernel/layering.test.ts proves
// every rule on a sample file. (A later block replaces an earlier one's no-restricted-imports
// for the same file, so each block lists all the restrictions its files live under.)
const apiBans = {
  database: {
    group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema-*'],
    message:
      "Only a module's store.ts reads and writes the database; call the store (or the kernel's audit writer).",
  },
  otherModulesStore: {
    regex: '^\\.\\./[^./][^/]*/([^/]*-)?store$',
    message:
      "A module reaches another module's data through that module's service, wired in app.ts.",
  },
  modules: {
    regex: '(^|/)modules(/|$)',
    message: 'The kernel and the adapters stand below the modules and never import them.',
  },
  adapters: {
    regex: '(^|/)adapters(/|$)',
    message: 'The kernel stands below the adapters and never imports them.',
  },
};
const apiRestrict = (...bans) => ({
  'no-restricted-imports': ['error', { patterns: bans.map((ban) => apiBans[ban]) }],
});
const apiStores = ['api/src/modules/*/store.ts', 'api/src/modules/*/*-store.ts'];
const adapterStores = ['api/src/adapters/*/store.ts', 'api/src/adapters/*/*-store.ts'];
// The kernel's own ways into the database: the audit row, the transaction, stored secrets and
// the scheduled jobs', the events' and the business date's tables.
const kernelDatabase = [
  'api/src/kernel/audit.ts',
  'api/src/kernel/transaction.ts',
  'api/src/kernel/secrets.ts',
  'api/src/kernel/jobs.ts',
  'api/src/kernel/events.ts',
  'api/src/kernel/close-of-business.ts',
];
// Tests, their helpers and the bench set up and inspect rows directly.
const apiTests = ['api/src/**/*.test.ts', 'api/src/testing/**', 'api/bench/**'];

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
  // Imports are ordered by the tool, not by hand: `eslint --fix` (or `npm run format`) sorts them.
  {
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: { 'simple-import-sort/imports': 'error' },
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
    rules: { 'no-restricted-imports': ['error', { patterns: remotePatterns(remote) }] },
  })),
  // Inside a remote the direction is shared -> features -> app: a feature never imports a sibling
  // feature; what several share lives in the remote's shared folders (src/journey, src/hooks).
  ...remotes.flatMap((remote) =>
    featuresOf(remote).map((feature) => ({
      files: [`${remote}/src/features/${feature}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...remotePatterns(remote), ...siblingFeaturePatterns(remote, feature)] },
        ],
      },
    })),
  ),
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
  // API layers (see apiBans above).
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/db/**', ...kernelDatabase, ...apiStores, ...adapterStores, ...apiTests],
    rules: apiRestrict('database'),
  },
  {
    files: ['api/src/modules/**/*.ts'],
    ignores: [...apiStores, ...apiTests],
    rules: apiRestrict('database', 'otherModulesStore'),
  },
  {
    files: [...apiStores],
    ignores: [...apiTests],
    rules: apiRestrict('otherModulesStore'),
  },
  {
    files: ['api/src/kernel/**/*.ts'],
    ignores: [...kernelDatabase, ...apiTests],
    rules: apiRestrict('database', 'modules', 'adapters'),
  },
  {
    files: kernelDatabase,
    rules: apiRestrict('modules', 'adapters'),
  },
  {
    files: ['api/src/adapters/**/*.ts'],
    ignores: [...adapterStores, ...apiTests],
    rules: apiRestrict('database', 'modules'),
  },
  {
    files: adapterStores,
    rules: apiRestrict('modules'),
  },
);
