import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');
const PACKAGES = [
  'shell',
  'mf-onboarding',
  'mf-loan-status',
  'mf-repayment',
  'mf-guarantor',
  'mf-admin',
  'shared/platform',
  'shared/ui',
];

/**
 * One word for one thing in Bahasa Melayu: a borrower who reads "akuan" on one screen and
 * "pengakuan" on the next, or "debit langsung" beside "debit terus", cannot tell they are the
 * same step. Each entry is a wording the product does not use, and the one it does.
 */
const GLOSSARY: { avoid: RegExp; use: string }[] = [
  { avoid: /(?<![\p{L}-])akuan\b/iu, use: 'pengakuan (attestation)' },
  { avoid: /\bdebit langsung\b/iu, use: 'debit terus (direct debit)' },
];

function strings(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    strings(child, prefix ? `${prefix}.${key}` : key),
  );
}

const files = PACKAGES.flatMap((pkg) => {
  const dir = path.join(repoRoot, pkg, 'src/locales/ms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(pkg, 'src/locales/ms', file));
});

describe('the Malay glossary', () => {
  it.each(files)('%s uses the product’s words', (file) => {
    const texts = strings(JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')));
    const misworded = texts.flatMap(([key, text]) =>
      GLOSSARY.filter((entry) => entry.avoid.test(text)).map(
        (entry) => `${key}: "${text}" (use ${entry.use})`,
      ),
    );
    expect(misworded).toEqual([]);
  });
});
