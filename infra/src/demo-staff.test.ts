import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DEMO_TEAM, demoStaffCredentials, staffSignInLines } from '../bin/demo-staff.mjs';

describe('the demo staff team of npm start', () => {
  let folder: string;
  let dataDir: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-staff-'));
    dataDir = path.join(folder, 'pglite');
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('covers every back-office role, with two approvers and a person per job', () => {
    const roles = new Set(DEMO_TEAM.flatMap((member) => member.roles));
    expect([...roles].sort()).toEqual([
      'ADMIN',
      'APPROVER',
      'CREDIT_OFFICER',
      'CUSTOMER_SERVICE',
      'FINANCE',
    ]);
    expect(DEMO_TEAM.filter((member) => member.roles.includes('APPROVER'))).toHaveLength(2);
    expect(new Set(DEMO_TEAM.map((member) => member.email)).size).toBe(DEMO_TEAM.length);
    expect(DEMO_TEAM.map((member) => member.title)).toEqual([
      'Admin',
      'Credit officer',
      'Approver',
      'Second approver',
      'Attestation officer',
      'Finance',
      'Customer service',
    ]);
  });

  it('makes up each password once, kept beside the data folder for this user only', () => {
    const first = demoStaffCredentials(dataDir);
    const file = path.join(folder, 'demo-staff.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(new Set(first.map((member) => member.password)).size).toBe(DEMO_TEAM.length);
    for (const member of first) expect(member.password.length).toBeGreaterThanOrEqual(16);
    expect(demoStaffCredentials(dataDir)).toEqual(first);
  });

  it('prints every member’s sign-in and where their code is, passwords on a terminal only', () => {
    const demoStaff = demoStaffCredentials(dataDir);
    const options = {
      address: 'http://localhost:3000',
      admin: { email: 'admin@lending.local', password: 'admin-secret' },
      adminPasswordSource: '(password in .data/staff-admin.json)',
      demoStaff,
      dataFolder: '.data',
    };
    const shown = staffSignInLines({ ...options, showSecrets: true }).join('\n');
    expect(shown).toContain('http://localhost:3000/admin/login');
    expect(shown).toContain('admin@lending.local / admin-secret');
    expect(shown).toContain('"Demo authenticator"');
    expect(shown).toContain('http://localhost:3000/api/sandbox/outbox');
    for (const member of demoStaff) {
      expect(shown).toMatch(
        new RegExp(`${member.title}\\s+${member.email.replace(/\./g, '\\.')} / ${member.password}`),
      );
    }

    const logged = staffSignInLines({ ...options, showSecrets: false }).join('\n');
    expect(logged).toContain('admin@lending.local / (password in .data/staff-admin.json)');
    for (const member of demoStaff) {
      expect(logged).toContain(`${member.email} / (password in .data/demo-staff.json)`);
      expect(logged).not.toContain(member.password);
    }
    expect(logged).not.toContain('admin-secret');
  });

  it('says how to add staff when there is no demo team', () => {
    const lines = staffSignInLines({
      address: 'https://apply.example.com',
      admin: { email: 'admin@lending.local', password: 'admin-secret' },
      adminPasswordSource: '(password from STAFF_ADMIN_PASSWORD)',
      demoStaff: null,
      showSecrets: true,
      dataFolder: '.data',
    }).join('\n');
    expect(lines).toContain('https://apply.example.com/admin/staff');
    expect(lines).not.toContain('Demo authenticator');
  });
});
