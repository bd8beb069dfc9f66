import type { StaffRole } from '@lending/contracts';

import { attestationLinks } from '../attestation/attestation-links';
import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { currentSection, staffSections } from './staff-menu';

/** The text at a dotted key of a namespace, or undefined. */
function textAt(namespace: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      namespace,
    );
}

describe('the back office menu', () => {
  it('shows the staff accounts page to admins only, and the applicants to customer service too', () => {
    expect(staffSections(['CREDIT_OFFICER']).map((section) => section.path)).toEqual([
      '/admin/applications',
      '/admin/attestation',
      '/admin/disbursements',
      '/admin/accounts',
      '/admin/statements',
      '/admin/regulator',
      '/admin/collections',
      '/admin/settings',
    ]);
    expect(staffSections(['APPROVER', 'ADMIN']).map((section) => section.path)).toEqual([
      '/admin/applications',
      '/admin/attestation',
      '/admin/disbursements',
      '/admin/accounts',
      '/admin/statements',
      '/admin/regulator',
      '/admin/collections',
      '/admin/jompay',
      '/admin/bank-in-slips',
      '/admin/finance',
      '/admin/users',
      '/admin/contact-messages',
      '/admin/staff',
      '/admin/audit',
      '/admin/providers',
      '/admin/business-date',
      '/admin/master-setup',
      '/admin/settings',
    ]);
    // Attestation is reviewed by those who decide: customer service would only be refused there.
    expect(staffSections(['CUSTOMER_SERVICE']).map((section) => section.path)).toEqual([
      '/admin/applications',
      '/admin/accounts',
      '/admin/statements',
      '/admin/regulator',
      '/admin/collections',
      '/admin/bank-in-slips',
      '/admin/users',
      '/admin/contact-messages',
      '/admin/settings',
    ]);
  });

  it('names every section in English and Malay', () => {
    for (const section of staffSections([
      'ADMIN',
      'CREDIT_OFFICER',
      'APPROVER',
      'CUSTOMER_SERVICE',
    ])) {
      expect([section.label, typeof textAt(en, section.label)]).toEqual([section.label, 'string']);
      expect([section.label, typeof textAt(ms, section.label)]).toEqual([section.label, 'string']);
    }
  });

  it('shows master setup to admins only, just before the settings', () => {
    for (const roles of [['CREDIT_OFFICER'], ['APPROVER'], ['CUSTOMER_SERVICE']] as const) {
      expect(staffSections(roles).map((section) => section.path)).not.toContain(
        '/admin/master-setup',
      );
    }
    const paths = staffSections(['ADMIN']).map((section) => section.path);
    expect(paths.indexOf('/admin/master-setup')).toBe(paths.indexOf('/admin/settings') - 1);
  });

  it('shows the contact inbox to customer service and admins, who alone may work it', () => {
    for (const roles of [['CREDIT_OFFICER'], ['APPROVER']] as const) {
      expect(staffSections(roles).map((section) => section.path)).not.toContain(
        '/admin/contact-messages',
      );
    }
    for (const roles of [['CUSTOMER_SERVICE'], ['ADMIN']] as const) {
      expect(staffSections(roles).map((section) => section.path)).toContain(
        '/admin/contact-messages',
      );
    }
  });

  it('shows the audit log to admins only, who alone may read it', () => {
    for (const roles of [['CREDIT_OFFICER'], ['APPROVER'], ['CUSTOMER_SERVICE']] as const) {
      expect(staffSections(roles).map((section) => section.path)).not.toContain('/admin/audit');
    }
    expect(staffSections(['ADMIN']).map((section) => section.path)).toContain('/admin/audit');
  });

  it('gives every role the loan accounts, statements and the regulator’s return, which all staff read', () => {
    for (const roles of [
      ['CREDIT_OFFICER'],
      ['APPROVER'],
      ['CUSTOMER_SERVICE'],
      ['ADMIN'],
    ] as const) {
      const paths = staffSections(roles).map((section) => section.path);
      expect(paths).toContain('/admin/accounts');
      expect(paths).toContain('/admin/statements');
      // Right after the statements: the regulator's return is made of the same books.
      expect(paths[paths.indexOf('/admin/statements') + 1]).toBe('/admin/regulator');
    }
  });

  it('leaves disbursements out for customer service, who may not pay out', () => {
    expect(staffSections(['CUSTOMER_SERVICE']).map((section) => section.path)).not.toContain(
      '/admin/disbursements',
    );
  });

  it('counts a case file as part of the queue, and the home page as no section', () => {
    const sections = staffSections(['ADMIN']);
    expect(currentSection('/admin/applications/abc', sections)?.path).toBe('/admin/applications');
    expect(currentSection('/admin/users', sections)?.path).toBe('/admin/users');
    expect(currentSection('/admin/users/abc', sections)?.path).toBe('/admin/users');
    expect(currentSection('/admin/staff', sections)?.path).toBe('/admin/staff');
    expect(currentSection('/admin', sections)).toBeUndefined();
    expect(currentSection('/admin/usersx', sections)).toBeUndefined();
  });

  it('links only the attestation screens a role opens: no calendar for approvers, videos for admins', () => {
    const paths = (roles: StaffRole[]) => attestationLinks(roles).map((link) => link.path);
    expect(paths(['APPROVER'])).toEqual(['/admin/attestation']);
    expect(paths(['CREDIT_OFFICER'])).toEqual([
      '/admin/attestation',
      '/admin/attestation/calendar',
    ]);
    expect(paths(['ADMIN'])).toEqual([
      '/admin/attestation',
      '/admin/attestation/calendar',
      '/admin/videos',
    ]);
  });
});
