import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const repoRoot = path.resolve(__dirname, '../..');

/** Packages the page shares through a thin module of the exports the product uses: an import
 *  of a name the thin module leaves out is `undefined` at run time (React error 130 for a
 *  component), while type checks and tests against the whole package pass. */
const THIN_SHARES = {
  'react-router-dom': 'shared/build/src/thin/router.mjs',
  rxjs: 'shared/build/src/thin/rxjs.mjs',
} as const;

/** Code that runs in the page, hence through the shares. The build-time render of the public
 *  pages is bundled on its own, with the whole router (it needs `StaticRouter`). */
const BROWSER_ROOTS = [
  'shell/src',
  'mf-onboarding/src',
  'mf-loan-status/src',
  'mf-repayment/src',
  'mf-guarantor/src',
  'mf-admin/src',
  'shared/platform/src',
  'shared/ui/src',
];
const OUTSIDE_THE_SHARES = new Set(['shell/src/prerender.tsx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(relative);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return OUTSIDE_THE_SHARES.has(relative) ? [] : [relative];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(path.join(repoRoot, file), 'utf8'), 99, true);
}

/** The value names a module imports from `specifier` (type-only imports vanish at build). */
function importedValues(source: ts.SourceFile, specifier: string): string[] {
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement)) return [];
    if ((statement.moduleSpecifier as ts.StringLiteral).text !== specifier) return [];
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) return [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return ['* (namespace)'];
    const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
    return [
      ...(clause.name ? ['default'] : []),
      ...named
        .filter((element) => !element.isTypeOnly)
        .map((element) => (element.propertyName ?? element.name).text),
    ];
  });
}

function exportedNames(file: string): Set<string> {
  return new Set(
    parse(file).statements.flatMap((statement) =>
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements.map((element) => element.name.text)
        : [],
    ),
  );
}

describe('the thin shared modules', () => {
  const files = BROWSER_ROOTS.flatMap(sourceFiles);

  it('finds the code that runs in the page', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('mf-repayment/src/features/pay-now/pay-now-pages.tsx');
  });

  it.each(Object.entries(THIN_SHARES))(
    'export every name the page imports from %s',
    (specifier, thinModule) => {
      const exported = exportedNames(thinModule);
      const missing = files.flatMap((file) =>
        importedValues(parse(file), specifier)
          .filter((name) => !exported.has(name))
          .map((name) => `${file}: ${name}`),
      );
      expect(missing).toEqual([]);
    },
  );
});
