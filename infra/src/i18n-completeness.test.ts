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

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf of a translation file as `path -> value`; arrays keep their indexes so a list with
 *  a missing item is caught too. */
function leaves(value: Json, prefix = ''): Map<string, Json> {
  const out = new Map<string, Json>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [leafPath, leaf] of leaves(child as Json, prefix ? `${prefix}.${key}` : key))
        out.set(leafPath, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The plural forms i18next looks up in a language (`one` and `other` in English; Malay has only
 *  `other`), so a count's text is complete in each language by that language's own rules. */
const pluralForms = (language: string) =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();

/** The keys a file must share with the other language: plural forms folded into their base. */
function sharedKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '_{count}')));
}

/** Each counted text that lacks a plural form its language needs, with the forms it has. */
function missingPluralForms(keys: Iterable<string>, language: string): string[] {
  const forms = new Map<string, string[]>();
  for (const key of keys) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const base = key.slice(0, match.index);
    forms.set(base, [...(forms.get(base) ?? []), match[1]!]);
  }
  const needed = pluralForms(language);
  return [...forms]
    .filter(([, found]) => needed.some((form) => !found.includes(form)))
    .map(([base, found]) => `${base}: ${found.sort().join(',')}`);
}

const placeholders = (text: Json) =>
  typeof text === 'string'
    ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
    : [];

const namespaces = PACKAGES.flatMap((pkg) => {
  const dir = path.join(repoRoot, pkg, 'src/locales/en');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ pkg, file }));
});

describe('translations', () => {
  it('finds the translation files of every package', () => {
    const packagesWithFiles = new Set(namespaces.map((n) => n.pkg));
    expect([...packagesWithFiles].sort()).toEqual([...PACKAGES].sort());
  });

  describe.each(namespaces)('$pkg $file', ({ pkg, file }) => {
    const en = leaves(
      JSON.parse(fs.readFileSync(path.join(repoRoot, pkg, 'src/locales/en', file), 'utf8')),
    );
    const msPath = path.join(repoRoot, pkg, 'src/locales/ms', file);

    it('exists in Bahasa Melayu', () => {
      expect(fs.existsSync(msPath)).toBe(true);
    });

    const ms = fs.existsSync(msPath)
      ? leaves(JSON.parse(fs.readFileSync(msPath, 'utf8')))
      : new Map<string, Json>();

    it('has every English key in Bahasa Melayu and no extra ones', () => {
      const enKeys = sharedKeys(en.keys());
      const msKeys = sharedKeys(ms.keys());
      expect([...msKeys].filter((key) => !enKeys.has(key))).toEqual([]);
      expect([...enKeys].filter((key) => !msKeys.has(key))).toEqual([]);
    });

    it('has every plural form each language needs for a counted text', () => {
      expect(missingPluralForms(en.keys(), 'en')).toEqual([]);
      expect(missingPluralForms(ms.keys(), 'ms')).toEqual([]);
    });

    it('has no empty texts', () => {
      const empty = [...en, ...ms].filter(
        ([, value]) => typeof value === 'string' && value.trim() === '',
      );
      expect(empty).toEqual([]);
    });

    it('uses the same placeholders in both languages', () => {
      const mismatched = [...en.keys()].filter(
        (key) =>
          ms.has(key) && placeholders(en.get(key)!).join() !== placeholders(ms.get(key)!).join(),
      );
      expect(mismatched).toEqual([]);
    });
  });
});
