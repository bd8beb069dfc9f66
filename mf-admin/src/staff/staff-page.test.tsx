import type { StaffMember } from '@lending/contracts';
import { session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { fireEvent, screen, waitFor } from '@testing-library/react';

import { renderInPlatform, signInStaffForTest } from './render-in-platform';
import { SetPasswordForm } from './set-password-page';
import { NewStaffForm, STAFF_LIST_KEY, StaffPage } from './staff-page';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Admin',
  email: 'admin@lender.test',
  roles: ['ADMIN'],
  createdAt: '2026-03-01T00:00:00.000Z',
  disabledAt: null,
  passwordSet: true,
  secondFactorEnrolled: true,
  ...overrides,
});

beforeEach(() => {
  // What the page already read, fresh enough not to be fetched again.
  queryClient.setQueryDefaults(STAFF_LIST_KEY, { staleTime: Infinity });
  queryClient.setQueryData(STAFF_LIST_KEY, [
    member({}),
    member({
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Nurul Huda',
      email: 'nurul@lender.test',
      roles: ['CREDIT_OFFICER', 'APPROVER'],
      passwordSet: false,
      secondFactorEnrolled: false,
    }),
  ]);
});
afterEach(() => {
  queryClient.clear();
  session.clearStaff();
  setLanguage('EN');
});

describe('the staff accounts page', () => {
  it('tells staff who are not admins that they may not manage accounts, in both languages', async () => {
    signInStaffForTest('officer@lender.test', ['CREDIT_OFFICER']);
    const { unmount } = renderInPlatform(<StaffPage />);
    expect(screen.getByTestId('staff-not-allowed').textContent).toContain(
      'Only an admin can manage staff accounts.',
    );
    expect(screen.queryByText('nurul@lender.test')).toBeNull();
    unmount();
    setLanguage('MS');
    renderInPlatform(<StaffPage />);
    expect(
      await screen.findByText('Hanya pentadbir boleh mengurus akaun kakitangan.'),
    ).toBeTruthy();
  });

  it('lists staff with their roles and state, and asks before disabling anyone', async () => {
    signInStaffForTest('admin@lender.test', ['ADMIN']);
    renderInPlatform(<StaffPage />);
    const nurul = await screen.findByTestId('staff-nurul@lender.test');
    expect(nurul.textContent).toContain('Credit officer');
    expect(nurul.textContent).toContain('Approver');
    expect(nurul.textContent).toContain('Invitation sent');
    expect(nurul.textContent).toContain('No authenticator yet');
    // Nobody disables their own account.
    const self = screen.getByTestId('staff-admin@lender.test');
    expect(self.textContent).toContain('(you)');
    expect(self.querySelectorAll('button')).toHaveLength(2);

    fireEvent.click(
      [...nurul.querySelectorAll('button')].find((b) => b.textContent === 'Disable')!,
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable Nurul Huda?' });
    expect(confirm.textContent).toContain('They are signed out at once');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('checks a new member before sending anything', async () => {
    const onCreated = jest.fn();
    renderInPlatform(<NewStaffForm onCreated={onCreated} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add and email a password link' }));
    expect(await screen.findByText('Please enter a name')).toBeTruthy();
    expect(screen.getByText('Please enter an email')).toBeTruthy();
    expect(screen.getByText('Please choose at least one role')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'nurul@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add and email a password link' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('the set-password form', () => {
  it('holds the password policy and the confirmation', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderInPlatform(<SetPasswordForm onSubmit={onSubmit} />);
    const password = screen.getByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm the new password/);
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password needs at least 8 characters')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'long enough now' } });
    fireEvent.change(confirmation, { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(confirmation, { target: { value: 'long enough now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('long enough now'));
  });
});
