// @ts-check
// `npm run build`: production builds of the shell (BRAND picks the tenant), every remote and the
// API.
import { buildApi, buildApps, ensureInstalled } from './lib.mjs';

await ensureInstalled();
await buildApps({ force: true, brand: process.env.BRAND });
await buildApi();
