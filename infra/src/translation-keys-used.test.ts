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

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function namespaceFiles(): Map<string, Record<string, unknown>[]> {
  const byNamespace = new Map<string, Record<string, unknown>[]>();
  for (const pkg of PACKAGES) {
    for (const language of ['en', 'ms']) {
      const dir = path.join(repoRoot, pkg, 'src/locales', language);
      if (!fs.existsSync(dir)) continue;
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const ns = file.replace(/\.json$/, '');
        const list = byNamespace.get(ns) ?? [];
        list.push(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
        byNamespace.set(ns, list);
      }
    }
  }
  return byNamespace;
}

/** A key asked for with a count may exist only in its plural forms (`key_one`, `key_other`). */
function has(tree: unknown, key: string): boolean {
  return hasExactly(tree, key) || hasExactly(tree, `${key}_other`);
}

function hasExactly(tree: unknown, key: string): boolean {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/** Every literal key the code asks for, e.g. t('nav.login') in a file that called useT('shell'),
 *  must exist in both languages: a typo or a forgotten key fails here, not in front of a user. */
describe('translation keys used in code', () => {
  const namespaces = namespaceFiles();
  const files = PACKAGES.flatMap((pkg) => sourceFiles(path.join(repoRoot, pkg, 'src')));

  it('reads source files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('exist in English and Bahasa Melayu', () => {
    const missing: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const fileNamespace = /useT\(\s*'([\w-]+)'/.exec(source)?.[1];
      const helpKeys = [...source.matchAll(/useHelpContent<\w+>\(\s*'([\w.-]+)'/g)].map(
        (m) => `help:${m[1]}`,
      );
      const literalKeys = [...source.matchAll(/\bt\(\s*'([\w.:-]+)'/g)].map((m) => m[1]!);
      for (const raw of [...literalKeys, ...helpKeys]) {
        const [ns, key] = raw.includes(':')
          ? (raw.split(':') as [string, string])
          : [fileNamespace, raw];
        if (!ns) continue;
        const trees = namespaces.get(ns) ?? [];
        if (trees.length < 2 || !trees.every((tree) => has(tree, key))) {
          missing.push(`${path.relative(repoRoot, file)}: ${ns}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
