// @ts-check
// `npm run build`: production builds of the shell (BRAND picks the tenant) and every remote.
import { buildApps, ensureInstalled } from './lib.mjs';

await ensureInstalled();
await buildApps({ force: true, brand: process.env.BRAND });
