import { accountItems, drawerItems, FOOTER_LINKS, HEADER_LINKS } from './menu-items';

const keys = (items: { key: string }[]) => items.map((item) => item.key);
const noAccount = { user: null, agreement: null };

describe('menus', () => {
  it('shows the logged-out drawer items of the spec', () => {
    expect(keys(drawerItems(false, noAccount))).toEqual(['legalTerms', 'contactUs', 'faq']);
  });

  it('hides repayment schedule and payment history until an agreement exists', () => {
    expect(keys(drawerItems(true, noAccount))).toEqual([
      'loanHistory',
      'updateProfile',
      'changePassword',
      'legalTerms',
      'contactUs',
      'faq',
    ]);
  });

  it('shows payment history once an agreement exists, repayment schedule once it is signed', () => {
    const user = { id: 'u1', firstName: 'Aisyah' };
    const unsigned = drawerItems(true, { user, agreement: { id: 'a1', signDate: null } });
    expect(keys(unsigned)).toContain('paymentHistory');
    expect(keys(unsigned)).not.toContain('repaymentSchedule');
    const signed = drawerItems(true, { user, agreement: { id: 'a1', signDate: '2026-11-01' } });
    expect(keys(signed).slice(0, 3)).toEqual([
      'loanHistory',
      'repaymentSchedule',
      'paymentHistory',
    ]);
  });

  it("gives the account menu the person's own pages, without the help pages", () => {
    const user = { id: 'u1', firstName: 'Aisyah' };
    expect(keys(accountItems({ user, agreement: { id: 'a1', signDate: '2026-11-01' } }))).toEqual([
      'loanHistory',
      'repaymentSchedule',
      'paymentHistory',
      'updateProfile',
      'changePassword',
    ]);
  });

  it('links the header to about us, FAQs and legal terms', () => {
    expect(HEADER_LINKS.map((item) => item.to)).toEqual(['/about-us', '/faq', '/legal-terms']);
  });

  it('links the footer to about us, legal terms, FAQs and contact us', () => {
    expect(FOOTER_LINKS.map((item) => item.to)).toEqual([
      '/about-us',
      '/legal-terms',
      '/faq',
      '/contact-us',
    ]);
  });
});
