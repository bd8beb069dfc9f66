// @ts-check
// `npm start`: installs on first run, builds what is missing, serves the whole platform on one
// origin and says where and how to sign in.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { staffSignInLines } from './demo-staff.mjs';
import { buildApi, buildApps, ensureInstalled, repoRoot } from './lib.mjs';

await ensureInstalled();
await buildApps({ force: process.argv.includes('--rebuild') });
if (!fs.existsSync(path.join(repoRoot, 'api/dist/main.js')) || process.argv.includes('--rebuild')) {
  await buildApi();
}

const { servePlatform } = await import('./serve.mjs');
// A demo staff team on the sandbox providers, unless told not to (DEMO_STAFF=false) or in
// production; with real providers configured, the API refuses it and says so.
const platform = await servePlatform({
  demoStaff: process.env.NODE_ENV !== 'production' && process.env.DEMO_STAFF !== 'false',
});
const applicant = await demoApplicant(platform);

// Passwords go to a person's terminal only: when the output is kept in a log, it names the
// files the passwords are kept in instead.
const showSecrets = Boolean(process.stdout.isTTY);
const dataFolder = path.relative(process.cwd(), path.dirname(platform.dataDir)) || '.';
const applicantPassword = showSecrets
  ? applicant?.password
  : `(password in ${path.join(dataFolder, 'demo-applicant.json')})`;
const staffSignIn = staffSignInLines({
  address: platform.publicUrl,
  admin: platform.staffAdmin,
  adminPasswordSource: process.env.STAFF_ADMIN_PASSWORD
    ? '(password from STAFF_ADMIN_PASSWORD)'
    : `(password in ${path.join(dataFolder, 'staff-admin.json')})`,
  demoStaff: platform.demoStaff,
  showSecrets,
  dataFolder,
});
// The address the platform's links name: opened anywhere else, a person is not signed in there.
const address = platform.publicUrl;
console.log(`
  The lending platform is running at ${address}
  API documentation: ${address}/api/docs
  Sign in as an applicant (Login, top right): ${applicant ? `${applicant.email} / ${applicantPassword}` : 'register a new account'}
${staffSignIn.map((line) => `  ${line}`).join('\n')}
  Emails and text messages (sandbox outbox): ${address}/api/sandbox/outbox
  Business date and close of business (admin, sandbox): ${address}/admin/business-date
  Database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${process.env.DATA_DIR ?? '.data/pglite'}`}

  Press Ctrl+C to stop.
`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void platform.stop().then(() => process.exit(0));
  });
}

/**
 * A ready account to try the product with, opened through the API like anyone else's (the
 * sandbox bot check is ticked on the person's behalf). Kept beside the data folder; only in
 * sandbox mode, never in production.
 * @param {{ url: string, dataDir: string }} platform
 */
async function demoApplicant(platform) {
  if (process.env.NODE_ENV === 'production') return null;
  const file = path.join(path.dirname(platform.dataDir), 'demo-applicant.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  try {
    const solve = await fetch(`${platform.url}/arkcash/api/v1.0/sandbox/captcha/solve`, {
      method: 'POST',
    });
    if (!solve.ok) return null;
    const { token } = await solve.json();
    const account = {
      email: 'demo.applicant@example.com',
      password: randomBytes(9).toString('base64url'),
    };
    const response = await fetch(`${platform.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...account,
        firstName: 'Demo',
        phoneNo: '+60123000001',
        language: 'EN',
        acceptMarketingConsent: false,
        captchaToken: token,
      }),
    });
    if (!response.ok) return null;
    fs.writeFileSync(file, JSON.stringify(account, null, 2), { mode: 0o600 });
    return account;
  } catch {
    return null;
  }
}
