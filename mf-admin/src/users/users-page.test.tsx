// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { AdminUserDetail, AdminUserListItem, AdminUserPage } from '@lending/contracts';
import { brandStore, registerTranslations, session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { UserDetailPage } from './user-detail-page';
import { usersApi } from './users-api';
import { UsersPage } from './users-page';

const USER_ID = '7d3f1c2a-5b6e-4f70-8a9b-0c1d2e3f4a5b';

function staffToken(roles: string[]): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub: 'staff-1', email: 'cs@lender.test', roles })}.sig`;
}

const signIn = (roles: string[]) =>
  session.setStaffTokens({ accessToken: staffToken(roles), refreshToken: 'r' });

function item(overrides: Partial<AdminUserListItem> = {}): AdminUserListItem {
  return {
    id: USER_ID,
    tenant: 'arkcash',
    firstName: 'Aminah',
    email: 'aminah@example.com',
    phoneNo: '+60123456789',
    applicantName: 'Aminah binti Hassan',
    companyName: 'Kedai Runcit Aminah',
    identityCardNo: '900101******',
    createdAt: '2026-03-01T02:00:00.000Z',
    ...overrides,
  };
}

const page = (items: AdminUserListItem[], overrides: Partial<AdminUserPage> = {}) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  ...overrides,
});

const detail: AdminUserDetail = {
  user: {
    id: USER_ID,
    email: 'aminah@example.com',
    firstName: 'Aminah',
    phoneNo: '+60123456789',
    nric: null,
    role: 'APPLICANT',
    language: 'EN',
    partnerId: null,
    createdAt: '2026-03-01T02:00:00.000Z',
    allowToApplyNewLoanAfterDateTime: null,
    tinNumber: null,
    residentialAddress1: null,
    residentialAddress2: null,
    residentialAddress3: null,
    applicationCreatedAt: null,
    tenant: 'arkcash',
    acceptMarketingConsent: true,
  },
  applicantName: 'Aminah binti Hassan',
  companyName: 'Kedai Runcit Aminah',
  identityCardNo: '900101******',
  applications: [
    {
      id: 'a5b0c3d2-1111-4e5f-8a9b-000000000101',
      referenceNo: 'AC-2026-000101',
      status: 'PENDING',
      organizationType: 'SOLE_PROP',
      requestedAmountSen: 1_000_000,
      createdAt: '2026-03-01T02:00:00.000Z',
    },
  ],
  agreements: [],
  accounts: [],
  consents: [
    { kind: 'TERMS', given: true, at: '2026-03-01T02:00:00.000Z', textVersion: '2026-01' },
    { kind: 'MARKETING', given: false, at: null, textVersion: null },
  ],
  sessions: [
    {
      id: 'session-1',
      startedAt: '2026-03-01T02:00:00.000Z',
      endedAt: '2026-03-02T02:00:00.000Z',
      endReason: 'sign-in-details-changed-by-staff',
      active: false,
    },
  ],
};

function renderAt(path: string) {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-admin', { en, ms });
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/users" element={<UsersPage />} />
          <Route path="/admin/users/:userId" element={<UserDetailPage />} />
        </Routes>
      </MemoryRouter>
    </PlatformRoot>,
  );
}

/** A refusal as the API client hands it over: the answer's body under `response.data`. */
function apiError(status: number, code: string, message: string) {
  return Object.assign(new Error(message), {
    response: { status, data: { statusCode: status, message, code } },
  });
}

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

beforeEach(() => setLanguage('EN'));
afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
  session.clearStaff();
});

describe('the applicants list', () => {
  it('lets customer service search applicants, the search kept in the address', async () => {
    signIn(['CUSTOMER_SERVICE']);
    const search = jest
      .spyOn(usersApi, 'search')
      .mockImplementation(async (query) =>
        query.q ? page([item()]) : page([item(), item({ id: 'other', email: 'b@example.com' })]),
      );
    renderAt('/admin/users');
    expect(await screen.findByText('Showing 1 to 2 of 2 applicants')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Applicants' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByText('900101******')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Find an applicant'), {
      target: { value: ' 900101-14-5678 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(search.mock.calls.at(-1)![0]).toEqual({ q: '900101-14-5678' }));
    expect(await screen.findByText('Showing 1 to 1 of 1 applicants')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Open Aminah binti Hassan' }).getAttribute('href'),
    ).toBe(`/admin/users/${USER_ID}`);
  });

  it('pages through the applicants', async () => {
    signIn(['ADMIN']);
    const search = jest
      .spyOn(usersApi, 'search')
      .mockResolvedValue(page([item()], { total: 45, pageSize: 20 }));
    renderAt('/admin/users?q=aminah');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search.mock.calls.at(-1)![0]).toEqual({ q: 'aminah', page: 2 }));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('says when nothing matches, and tells other staff they may not look, in Malay too', async () => {
    signIn(['CUSTOMER_SERVICE']);
    const search = jest.spyOn(usersApi, 'search').mockResolvedValue(page([]));
    setLanguage('MS');
    const { unmount } = renderAt('/admin/users?q=nobody');
    expect(await screen.findByText('Tiada pemohon sepadan dengan carian anda.')).toBeTruthy();
    unmount();
    search.mockClear();
    signIn(['CREDIT_OFFICER']);
    renderAt('/admin/users');
    expect((await screen.findByTestId('applicants-not-allowed')).textContent).toContain(
      'Hanya pentadbir dan khidmat pelanggan boleh melihat pemohon.',
    );
    expect(search).not.toHaveBeenCalled();
  });
});

describe("an applicant's page", () => {
  it('lets customer service change the profile, sending only what changed', async () => {
    signIn(['CUSTOMER_SERVICE']);
    jest.spyOn(usersApi, 'detail').mockResolvedValue(detail);
    const update = jest
      .spyOn(usersApi, 'updateProfile')
      .mockResolvedValue({ ...detail.user, firstName: 'Aminah Hassan' });
    renderAt(`/admin/users/${USER_ID}`);
    const form = await screen.findByRole('form', { name: 'Profile' });
    fireEvent.change(within(form).getByLabelText(/^First name/), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Please enter the first name')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText(/^First name/), {
      target: { value: 'Aminah  Hassan' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('The profile was saved.')).toBeTruthy();
    expect(update).toHaveBeenCalledWith(USER_ID, { firstName: 'Aminah Hassan' });
  });

  it('shows customer service the sign-in details without a way to change them', async () => {
    signIn(['CUSTOMER_SERVICE']);
    jest.spyOn(usersApi, 'detail').mockResolvedValue(detail);
    renderAt(`/admin/users/${USER_ID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sign-in details' }));
    expect((await screen.findByTestId('sign-in-read-only')).textContent).toContain(
      'Only an admin may change these details.',
    );
    expect(screen.queryByRole('form', { name: 'Sign-in details' })).toBeNull();
  });

  it('lets an admin change the sign-in details, saying why the server refused, in Malay', async () => {
    signIn(['ADMIN']);
    setLanguage('MS');
    jest.spyOn(usersApi, 'detail').mockResolvedValue(detail);
    const update = jest
      .spyOn(usersApi, 'updateSignIn')
      .mockRejectedValueOnce(apiError(409, 'USER_EMAIL_EXISTS', 'Email already exists'))
      .mockResolvedValueOnce({ ...detail.user, email: 'aminah.baru@example.com' });
    renderAt(`/admin/users/${USER_ID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Butiran log masuk' }));
    const form = await screen.findByRole('form', { name: 'Butiran log masuk' });
    fireEvent.change(within(form).getByLabelText(/^Nombor telefon bimbit/), {
      target: { value: '0321234567' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan butiran log masuk' }));
    expect(
      await within(form).findByText(
        'Ini nombor talian tetap: kod sekali guna memerlukan nombor telefon bimbit',
      ),
    ).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText(/^Nombor telefon bimbit/), {
      target: { value: '0123456789' },
    });
    fireEvent.change(within(form).getByLabelText(/^E-mel log masuk/), {
      target: { value: 'aminah.baru@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan butiran log masuk' }));
    expect(
      (await within(form).findAllByText('Akaun lain sudah log masuk dengan e-mel ini.')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan butiran log masuk' }));
    expect(
      await within(form).findByText(
        'Butiran log masuk telah disimpan dan pemohon telah dilog keluar di semua peranti.',
      ),
    ).toBeTruthy();
    expect(update).toHaveBeenLastCalledWith(USER_ID, { email: 'aminah.baru@example.com' });
  });

  it('leads back to the search it was opened from', async () => {
    signIn(['CUSTOMER_SERVICE']);
    jest.spyOn(usersApi, 'search').mockResolvedValue(page([item()]));
    jest.spyOn(usersApi, 'detail').mockResolvedValue(detail);
    const list = renderAt('/admin/users?q=aminah');
    expect(await screen.findByText('Showing 1 to 1 of 1 applicants')).toBeTruthy();
    list.unmount();
    renderAt(`/admin/users/${USER_ID}`);
    expect(
      (await screen.findByRole('link', { name: 'Back to applicants' })).getAttribute('href'),
    ).toBe('/admin/users?q=aminah');
  });

  it('lists the applications, consents and sessions', async () => {
    signIn(['CUSTOMER_SERVICE']);
    jest.spyOn(usersApi, 'detail').mockResolvedValue(detail);
    renderAt(`/admin/users/${USER_ID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Applications' }));
    expect(
      (await screen.findByRole('link', { name: 'Open case file AC-2026-000101' })).getAttribute(
        'href',
      ),
    ).toBe('/admin/applications/a5b0c3d2-1111-4e5f-8a9b-000000000101');
    fireEvent.click(screen.getByRole('tab', { name: 'Consents' }));
    expect(await screen.findByText('Terms and privacy notice')).toBeTruthy();
    expect(screen.getByText('Text version 2026-01')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByText('sign-in details changed by staff')).toBeTruthy();
  });
});
