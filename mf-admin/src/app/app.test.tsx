import '@lending/ui/src/testing/jsdom';

import { session, setLanguage } from '@lending/platform';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { renderInPlatform, signInStaffForTest } from '../staff/render-in-platform';
import { App } from './app';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

const at = (path: string) =>
  renderInPlatform(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

afterEach(() => {
  session.clearStaff();
  setLanguage('EN');
});

describe('the back office routes', () => {
  it('asks a signed-out visitor of a staff page to sign in there, not to read a failure', () => {
    at('/admin/applications/0b6f2f3e-0000-4000-8000-000000000001');
    expect(screen.getByTestId('screen-adminLogin')).toBeTruthy();
    expect(screen.getByLabelText(/email/i)).toBeTruthy();
    expect(screen.queryByTestId('staff-bar')).toBeNull();
  });

  it('names whose back office the sign-in is, and switches its language there', () => {
    at('/admin/login');
    const frame = screen.getByTestId('staff-signed-out');
    expect(frame.querySelector('img')?.getAttribute('alt')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    expect(screen.getByRole('heading', { name: 'Log masuk kakitangan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' })).toBeTruthy();
  });

  it('opens the emailed set-password page without a sign-in', () => {
    at('/admin/set-password?token=abc');
    expect(screen.queryByTestId('screen-adminLogin')).toBeNull();
    expect(screen.getByTestId('staff-signed-out')).toBeTruthy();
  });

  it('shows a signed-in member the staff bar with the page', () => {
    signInStaffForTest('officer@lender.test', ['CREDIT_OFFICER']);
    at('/admin/staff');
    expect(screen.queryByTestId('screen-adminLogin')).toBeNull();
    expect(screen.getByTestId('staff-bar').textContent).toContain('officer@lender.test');
  });

  it('frames a staff page with a menu of the sections of their role, the current one marked', () => {
    signInStaffForTest('officer@lender.test', ['CREDIT_OFFICER']);
    at('/admin/applications/0b6f2f3e-0000-4000-8000-000000000001');
    const menu = screen.getByRole('navigation', { name: 'Back office sections', hidden: true });
    const links = Array.from(menu.querySelectorAll('a')).map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/admin/applications',
      '/admin/attestation',
      '/admin/disbursements',
      '/admin/accounts',
      '/admin/statements',
      '/admin/regulator',
      '/admin/collections',
      '/admin/settings',
    ]);
    expect(menu.querySelector('[aria-current="page"]')?.getAttribute('href')).toBe(
      '/admin/applications',
    );
    expect(
      screen.getAllByRole('button', { name: 'Sign out', hidden: true }).length,
    ).toBeGreaterThan(0);
  });

  it('tells a member whose roles do not reach a section whom it is for, instead of its page', () => {
    signInStaffForTest('service@lender.test', ['CUSTOMER_SERVICE']);
    at('/admin/jompay');
    const notice = screen.getByTestId('not-your-section');
    expect(notice.textContent).toContain('This page is not part of your work');
    expect(notice.textContent).toContain('It is for: Admin, Finance.');
    expect(screen.getByRole('heading', { level: 1, name: 'JomPAY imports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Back to the back office's home" })).toBeTruthy();
    expect(screen.queryByTestId('screen-jompay')).toBeNull();
  });

  it('tells a credit officer the general ledger is for finance and admins', () => {
    signInStaffForTest('officer@lender.test', ['CREDIT_OFFICER']);
    at('/admin/finance/periods');
    const notice = screen.getByTestId('not-your-section');
    expect(notice.textContent).toContain('It is for: Finance, Admin.');
    expect(screen.getByRole('heading', { level: 1, name: 'General ledger' })).toBeTruthy();
    expect(screen.queryByTestId('screen-financePeriods')).toBeNull();
  });

  it('leaves a page that explains itself to say so in its own words', () => {
    signInStaffForTest('officer@lender.test', ['CREDIT_OFFICER']);
    at('/admin/staff');
    expect(screen.queryByTestId('not-your-section')).toBeNull();
    expect(screen.getByTestId('screen-staff')).toBeTruthy();
  });

  it('opens the same section for a role it is for', async () => {
    signInStaffForTest('finance@lender.test', ['FINANCE']);
    at('/admin/jompay');
    expect(screen.queryByTestId('not-your-section')).toBeNull();
    expect(screen.getByTestId('screen-jompay')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'JomPAY' })).toBeTruthy();
  });

  it('folds the menu behind a button that says whether it is open', () => {
    signInStaffForTest('admin@lender.test', ['ADMIN']);
    at('/admin');
    const button = screen.getByTestId('staff-menu-button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe('staff-menu');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('screen-adminHome')).toBeTruthy();
  });
});
