// One jest setup for every package: SWC compiles TypeScript and JSX, and the few ESM-only
// dependencies (pnpm keeps them under node_modules/.pnpm/<name>@<version>/node_modules/<name>)
// are compiled too instead of being skipped.
const path = require('node:path');

const esmOnly = [
  'cookie',
  'file-type',
  'strtok3',
  'token-types',
  'peek-readable',
  'uint8array-extras',
  '@tokenizer',
  'jose',
  '@borewit',
  'content-disposition',
  '@scure',
  '@noble',
  'p-limit',
  'yocto-queue',
  'pg-boss',
  'rrule-temporal',
  'serialize-error',
  'non-error',
];

/**
 * Browser code meets some packages only through the thin modules the page shares in their place
 * (shared/build/src/thin): a remote's components are tested against the same exports, so one
 * using a name the page does not carry fails here rather than in the browser.
 */
/** @param {string} dir the package whose tests run */
function pageShares(dir) {
  const thin = path.join(__dirname, 'shared/build/src/thin');
  const routerDom = path.dirname(
    require.resolve('react-router-dom/package.json', { paths: [dir] }),
  );
  return {
    '^react-router-dom$': path.join(thin, 'router.mjs'),
    '^react-router$': path.dirname(
      require.resolve('react-router/package.json', { paths: [routerDom] }),
    ),
  };
}

/** @param {string} dir @param {import('jest').Config} [overrides] */
function jestConfig(dir, overrides = {}) {
  return {
    rootDir: dir,
    displayName: path.basename(dir),
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [
      `/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmOnly.join('|')})/)`,
    ],
    moduleNameMapper: {
      '\\.(svg|png|jpg|jpeg|webp)$': require.resolve('./jest.asset-stub.js'),
    },
    ...overrides,
  };
}

module.exports = { jestConfig, pageShares };
