import {
  ATTESTATION_REVIEWER_ROLES,
  AUDIT_VIEWER_ROLES,
  BANK_IN_SLIP_READER_ROLES,
  CONTACT_INBOX_ROLES,
  FINANCE_ROLES,
  JOMPAY_IMPORT_ROLES,
  type StaffRole,
  USER_ADMIN_ROLES,
} from '@lending/contracts';

export interface StaffSection {
  path: string;
  /** Key in the `mf-admin` namespace. */
  label: string;
  /** Who sees the entry; every staff member when absent. */
  roles?: readonly StaffRole[];
  /** Its page tells a member outside `roles` in its own words why it is not theirs. */
  explainsItself?: boolean;
}

/** The back office's sections in the order of a day's work. The API decides what each role may
 *  do; the menu only leaves out pages that would tell the person they are not allowed. */
const SECTIONS: readonly StaffSection[] = [
  { path: '/admin/applications', label: 'menu.queue' },
  { path: '/admin/attestation', label: 'menu.attestation', roles: ATTESTATION_REVIEWER_ROLES },
  {
    path: '/admin/disbursements',
    label: 'menu.disbursements',
    roles: ['ADMIN', 'CREDIT_OFFICER', 'APPROVER'],
  },
  { path: '/admin/accounts', label: 'menu.accounts' },
  { path: '/admin/statements', label: 'menu.statements' },
  // The regulator's return: every role that reads accounts may export it, as the API allows.
  { path: '/admin/regulator', label: 'menu.regulator' },
  { path: '/admin/collections', label: 'menu.collections' },
  // Booking the bank's JomPAY credits: the finance side and admins (as the API allows).
  { path: '/admin/jompay', label: 'menu.jompay', roles: JOMPAY_IMPORT_ROLES },
  // Bank transfers borrowers reported: finance and admins decide, customer service reads them.
  { path: '/admin/bank-in-slips', label: 'menu.bankInSlips', roles: BANK_IN_SLIP_READER_ROLES },
  // The general ledger, its reports and month-end close: the finance side and admins (the API's).
  { path: '/admin/finance', label: 'menu.finance', roles: FINANCE_ROLES },
  { path: '/admin/users', label: 'menu.users', roles: USER_ADMIN_ROLES, explainsItself: true },
  // Messages from the contact page: customer service answers them (admins too, as the API allows).
  {
    path: '/admin/contact-messages',
    label: 'menu.contactInbox',
    roles: CONTACT_INBOX_ROLES,
    explainsItself: true,
  },
  { path: '/admin/staff', label: 'menu.staff', roles: ['ADMIN'], explainsItself: true },
  { path: '/admin/audit', label: 'menu.audit', roles: AUDIT_VIEWER_ROLES },
  // Which provider runs each outside service, its health and settings: admins, as the API allows.
  { path: '/admin/providers', label: 'menu.providers', roles: ['ADMIN'] },
  // The date the books stand at and close of business: admins, as the API allows.
  { path: '/admin/business-date', label: 'menu.businessDate', roles: ['ADMIN'] },
  // The files that configure the product: only admins may upload or activate them.
  { path: '/admin/master-setup', label: 'menu.masterSetup', roles: ['ADMIN'] },
  { path: '/admin/settings', label: 'menu.settings' },
];

export function staffSections(roles: readonly StaffRole[]): StaffSection[] {
  return SECTIONS.filter(
    (section) => !section.roles || section.roles.some((role) => roles.includes(role)),
  );
}

/** The section of `pathname` that `roles` do not reach, which the person is told about rather
 *  than shown a page whose every request the API refuses; null when the page is theirs. */
export function barredSection(pathname: string, roles: readonly StaffRole[]) {
  const section = currentSection(pathname, SECTIONS);
  if (!section || section.explainsItself || staffSections(roles).includes(section)) return null;
  return section;
}

/** The section a path belongs to: a case file is part of the queue. */
export function currentSection(pathname: string, sections: readonly StaffSection[]) {
  return sections.find(
    (section) => pathname === section.path || pathname.startsWith(`${section.path}/`),
  );
}
