// Where the API package's own files are. This module sits one folder below the package in both
// forms the API runs in: as source (api/src/paths.ts) and bundled into api/dist/main.js, so the
// same `..` finds the package from either. Every file path the API derives from its own location
// comes from here; a path computed in a deeper module would break in the bundle.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository (or the image's app folder): relative DATA_DIR and FILES_DIR start here. */
export const repoRoot = path.dirname(apiRoot);
export const migrationsDir = path.join(apiRoot, 'migrations');
export const seedsDir = path.join(apiRoot, 'seeds');
export const assetsDir = path.join(apiRoot, 'assets');
