// @ts-check
// Compiles the API for production: one ES module per entry point for Node 20 under dist/. The
// workspace packages (TypeScript sources) are bundled in; every other package stays an import
// that Node resolves from node_modules at run time: PGlite reads its WASM from its own folder and
// argon2 is a native addon, neither survives bundling.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const apiDir = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('esbuild').Plugin} */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lending/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * @param {string} [folder] a folder directly under api/ (dist unless a check builds elsewhere):
 *   the bundle finds migrations and seeds one level up, as the sources do from src/.
 */
export async function buildApi(folder = 'dist') {
  const outdir = path.resolve(apiDir, folder);
  if (path.dirname(outdir) !== apiDir)
    throw new Error(`${folder} must be a folder directly in api/`);
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: apiDir,
    entryPoints: { main: 'src/main.ts', migrate: 'src/migrate-main.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    plugins: [thirdPartyExternal],
    logLevel: 'warning',
    metafile: true,
  });
  // A workspace import left in the output would fail in an image that has no workspace.
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const leftover = output.imports.find((entry) => entry.path.startsWith('@lending/'));
    if (leftover) throw new Error(`${file} still imports ${leftover.path}`);
  }
  return result;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await buildApi(process.argv[2]);
