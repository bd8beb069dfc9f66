import type { AccountSummary } from '@lending/platform';

export interface MenuItem {
  key: string;
  labelKey: string;
  to: string;
}

const item = (key: string, to: string): MenuItem => ({ key, labelKey: `nav.${key}`, to });

/** The mobile drawer's items (spec section 2): Repayment Schedule and Payment History stay hidden
 *  until an agreement exists, Repayment Schedule also until the agreement is signed. */
export function drawerItems(loggedIn: boolean, account: AccountSummary): MenuItem[] {
  if (!loggedIn) {
    return [
      item('legalTerms', '/legal-terms'),
      item('contactUs', '/contact-us'),
      item('faq', '/faq'),
    ];
  }
  return [
    ...accountItems(account),
    item('legalTerms', '/legal-terms'),
    item('contactUs', '/contact-us'),
    item('faq', '/faq'),
  ];
}

/** A signed-in person's own pages: the drawer's first items, the desktop header's account menu. */
export function accountItems(account: AccountSummary): MenuItem[] {
  const { agreement } = account;
  return [
    item('loanHistory', '/loan-history'),
    ...(agreement?.signDate ? [item('repaymentSchedule', '/repayment-schedule')] : []),
    ...(agreement ? [item('paymentHistory', '/payment-history')] : []),
    item('updateProfile', '/update-profile'),
    item('changePassword', '/change-password'),
  ];
}

export const HEADER_LINKS: MenuItem[] = [
  item('aboutUs', '/about-us'),
  item('faq', '/faq'),
  item('legalTerms', '/legal-terms'),
];

export const FOOTER_LINKS: MenuItem[] = [
  item('aboutUs', '/about-us'),
  item('legalTerms', '/legal-terms'),
  item('faq', '/faq'),
  item('contactUs', '/contact-us'),
];
