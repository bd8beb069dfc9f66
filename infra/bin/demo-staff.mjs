// @ts-check
// The demo staff team `npm start` seeds on sandbox providers, so one person can play every role:
// each member has a sign-in of their own, and an authenticator whose code the sandbox outbox
// shows (the API refuses the team in production and beside any real provider).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Who is on the team. The attestation officer holds the credit officer's role (who may attest);
 * finance holds its own (refunds, the books) and the credit officer's, who makes payouts and
 * proposes adjustments. Each is a person of their own, so the four-eyes steps (recommend then
 * approve, make then check, approve again after a change) each have someone else to go to.
 * @type {readonly { title: string, email: string, roles: string[] }[]}
 */
export const DEMO_TEAM = [
  { title: 'Admin', email: 'demo.admin@lending.local', roles: ['ADMIN'] },
  { title: 'Credit officer', email: 'credit.officer@lending.local', roles: ['CREDIT_OFFICER'] },
  { title: 'Approver', email: 'approver.one@lending.local', roles: ['APPROVER'] },
  { title: 'Second approver', email: 'approver.two@lending.local', roles: ['APPROVER'] },
  {
    title: 'Attestation officer',
    email: 'attestation.officer@lending.local',
    roles: ['CREDIT_OFFICER'],
  },
  { title: 'Finance', email: 'finance@lending.local', roles: ['FINANCE', 'CREDIT_OFFICER'] },
  {
    title: 'Customer service',
    email: 'customer.service@lending.local',
    roles: ['CUSTOMER_SERVICE'],
  },
];

/** @typedef {{ title: string, email: string, name: string, roles: string[], password: string }} DemoMember */

/**
 * The team with their passwords: made up once for this machine and kept beside the data folder
 * (like the first admin's), so a restart prints the same ones.
 * @param {string} dataDir
 * @returns {DemoMember[]}
 */
export function demoStaffCredentials(dataDir) {
  const file = path.join(path.dirname(dataDir), 'demo-staff.json');
  /** @type {Record<string, string>} */
  const kept = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const passwords = Object.fromEntries(
    DEMO_TEAM.map((member) => [
      member.email,
      kept[member.email] ?? randomBytes(12).toString('base64url'),
    ]),
  );
  if (DEMO_TEAM.some((member) => kept[member.email] !== passwords[member.email])) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(passwords, null, 2), { mode: 0o600 });
  }
  return DEMO_TEAM.map((member) => ({
    ...member,
    name: `Demo ${member.title.toLowerCase()}`,
    password: /** @type {string} */ (passwords[member.email]),
  }));
}

/**
 * What the start says about staff sign-in: the first admin, then each demo member with where
 * their code is. Passwords only when `showSecrets` (a terminal); else the file that keeps them.
 * @param {{
 *   address: string,
 *   admin: { email: string, password: string },
 *   adminPasswordSource: string,
 *   demoStaff: DemoMember[] | null,
 *   showSecrets: boolean,
 *   dataFolder: string,
 * }} options
 */
export function staffSignInLines({
  address,
  admin,
  adminPasswordSource,
  demoStaff,
  showSecrets,
  dataFolder,
}) {
  const adminPassword = showSecrets ? admin.password : adminPasswordSource;
  const lines = [
    `Sign in as staff at ${address}/admin/login:`,
    `  First admin: ${admin.email} / ${adminPassword}`,
    '    sets up an authenticator app on the first sign-in (scan the QR code; keep the recovery codes).',
  ];
  if (!demoStaff) {
    lines.push(
      `    Then add a credit officer, approvers and customer service at ${address}/admin/staff:`,
      '    each gets a link to choose a password in the outbox, and sets up their own app.',
    );
    return lines;
  }
  const outbox = `${address}/api/sandbox/outbox`;
  lines.push(
    `  Demo team (sandbox only): no app needed, each person's current code is their "Demo authenticator"`,
    `  entry in the outbox, ${outbox} (${outbox}?to=EMAIL shows one person's):`,
  );
  const width = Math.max(...demoStaff.map((member) => member.title.length));
  for (const member of demoStaff) {
    const password = showSecrets
      ? member.password
      : `(password in ${path.join(dataFolder, 'demo-staff.json')})`;
    lines.push(`    ${member.title.padEnd(width)}  ${member.email} / ${password}`);
  }
  return lines;
}
