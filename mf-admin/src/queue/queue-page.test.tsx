// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { QueueItem, QueueResponse } from '@lending/contracts';
import { brandStore, registerTranslations, session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { matchEveryMediaQuery } from '@lending/ui/src/testing/jsdom';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { StaffHome } from '../app/staff-home';
import queueEn from '../locales/en/admin-queue.json';
import en from '../locales/en/mf-admin.json';
import queueMs from '../locales/ms/admin-queue.json';
import ms from '../locales/ms/mf-admin.json';
import { queueApi } from './queue-api';
import { QueuePage } from './queue-page';

const OFFICER_ID = '6f1c2a52-8b1e-4e0a-9d55-1d2f0c7e9a01';
const COLLEAGUE_ID = '0b8e9f3c-71a4-4c2d-8f0e-5a6b7c8d9e02';

function staffToken(roles: string[]): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub: OFFICER_ID, email: 'dina@lender.test', roles })}.sig`;
}

function item(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    id: 'a5b0c3d2-1111-4e5f-8a9b-000000000101',
    referenceNo: 'AC-2026-000101',
    tenant: 'arkcash',
    status: 'PENDING',
    organizationType: 'SOLE_PROP',
    companyName: 'Kedai Runcit Aminah',
    applicantName: 'Aminah binti Hassan',
    businessRegistrationNo: '202403012345',
    requestedAmountSen: 1_000_000,
    tenureMonths: 12,
    submittedAt: '2026-03-01T16:30:00.000Z',
    updatedAt: '2026-03-01T16:30:00.000Z',
    version: 1,
    assignedOfficer: null,
    assignedAt: null,
    assignedToMe: false,
    ...overrides,
  };
}

const COUNTS: QueueResponse['counts'] = {
  DRAFT: 3,
  IMPORTED_DRAFT: 0,
  PENDING: 2,
  KIV: 1,
  REQUESTED_FOR_INTERVIEW: 0,
  PSYCHOMETRIC_TEST: 0,
  REDO_PSYCHOMETRIC_TEST: 0,
  REFERBACK: 0,
  SUBMITTED_FOR_APPROVAL_1: 0,
  SUBMITTED_FOR_APPROVAL_2: 0,
  APPROVED: 0,
  REJECTED: 0,
  CANCELLED: 0,
};

function answer(data: QueueItem[], overrides: Partial<QueueResponse> = {}): QueueResponse {
  return {
    data,
    total: data.length,
    page: 1,
    pageSize: 20,
    counts: COUNTS,
    officers: [
      { id: OFFICER_ID, name: 'Dina' },
      { id: COLLEAGUE_ID, name: 'Eswar' },
    ],
    ...overrides,
  };
}

const held = item({
  id: 'a5b0c3d2-1111-4e5f-8a9b-000000000102',
  referenceNo: 'AC-2026-000102',
  status: 'KIV',
  organizationType: 'COMPANY',
  companyName: 'Tech Maju Sdn Bhd',
  applicantName: 'Lim Wei Jie',
  requestedAmountSen: 5_000_000,
  version: 4,
  assignedOfficer: { id: COLLEAGUE_ID, name: 'Eswar' },
  assignedAt: '2026-03-02T02:00:00.000Z',
});

function renderQueue(path = '/admin/applications') {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-admin', { en, ms });
  registerTranslations('admin-queue', { en: queueEn, ms: queueMs });
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>
        <QueuePage />
      </MemoryRouter>
    </PlatformRoot>,
  );
}

// Chakra's first render of a whole screen is slow on a busy machine: generous waits, so a test
// fails on what the screen shows, not on how long it took.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const lastQuery = (spy: jest.SpyInstance) => spy.mock.calls.at(-1)![0];

beforeEach(() => {
  setLanguage('EN');
  matchEveryMediaQuery(true);
  session.setStaffTokens({ accessToken: staffToken(['CREDIT_OFFICER']), refreshToken: 'r' });
});

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
  session.clearStaff();
});

describe('the application queue', () => {
  it('shows counts per status, the results count and a sortable table linking to each file', async () => {
    const list = jest.spyOn(queueApi, 'list').mockResolvedValue(answer([item(), held]));
    renderQueue();
    expect(await screen.findByText('Showing 1 to 2 of 2 applications')).toBeTruthy();
    expect(lastQuery(list)).toEqual({});
    const bar = screen.getByRole('group', { name: 'Filter by status' });
    expect(within(bar).getByRole('button', { name: 'All submitted (3)' })).toHaveProperty(
      'ariaPressed',
      'true',
    );
    expect(within(bar).getByRole('button', { name: 'Draft (3)' })).toBeTruthy();
    const table = screen.getByRole('table');
    const submitted = within(table).getByRole('columnheader', { name: /Submitted/ });
    expect(submitted.getAttribute('aria-sort')).toBe('descending');
    expect(
      within(table)
        .getByRole('columnheader', { name: /Amount/ })
        .getAttribute('aria-sort'),
    ).toBe('none');
    const link = within(table).getByRole('link', { name: 'AC-2026-000101' });
    expect(link.getAttribute('href')).toBe(
      '/admin/applications/a5b0c3d2-1111-4e5f-8a9b-000000000101',
    );
    // Malaysia's date: 00:30 on 2 March there.
    expect(within(table).getAllByText('2026-03-02')).toHaveLength(2);
    expect(within(table).getByText('RM 10,000.00')).toBeTruthy();
    expect(within(table).getByText('Eswar')).toBeTruthy();
  });

  it('asks the server for the sort, a status, a search and a page', async () => {
    const list = jest
      .spyOn(queueApi, 'list')
      .mockResolvedValue(answer([item(), held], { total: 45 }));
    renderQueue();
    await screen.findByText('Showing 1 to 2 of 45 applications');

    fireEvent.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() =>
      expect(lastQuery(list)).toEqual({ sortBy: 'requestedAmount', order: 'desc' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe(
        'descending',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(lastQuery(list)).toMatchObject({ order: 'asc' }));

    fireEvent.click(screen.getByRole('button', { name: 'Pending (2)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'KIV (1)' }));
    await waitFor(() => expect(lastQuery(list)).toMatchObject({ status: ['PENDING', 'KIV'] }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: ' 880101-14-5678 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(list)).toMatchObject({ q: '880101-14-5678' }));

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(list)).toMatchObject({ page: 2 }));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('applies the filters: type, officer, dates and amounts in ringgit', async () => {
    const list = jest.spyOn(queueApi, 'list').mockResolvedValue(answer([item()]));
    renderQueue();
    await screen.findByText('Showing 1 to 1 of 1 applications');
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization type' }), {
      target: { value: 'COMPANY' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Officer' }), {
      target: { value: 'me' },
    });
    fireEvent.change(screen.getByLabelText('Submitted from'), {
      target: { value: '2026-03-01' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount from (RM)' }), {
      target: { value: '5,000' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount to (RM)' }), {
      target: { value: 'lots' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByText('Please enter an amount in ringgit, e.g. 5000 or 5,000.00'),
    ).toBeTruthy();
    expect(list).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByRole('textbox', { name: 'Amount to (RM)' }), {
      target: { value: '20000.50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(lastQuery(list)).toEqual({
        organizationType: ['COMPANY'],
        officer: 'me',
        submittedFrom: '2026-03-01',
        amountMinSen: 500_000,
        amountMaxSen: 2_000_050,
      }),
    );
    // Officers come from the server's answer, for a named one.
    expect(screen.getByRole('option', { name: 'Eswar' })).toBeTruthy();
  });

  it('lets a credit officer take a file, and take over one an officer holds on purpose', async () => {
    jest.spyOn(queueApi, 'list').mockResolvedValue(answer([item(), held]));
    const assign = jest
      .spyOn(queueApi, 'assign')
      .mockResolvedValue(item({ version: 2, assignedToMe: true }));
    renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: 'Take AC-2026-000101' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('a5b0c3d2-1111-4e5f-8a9b-000000000101', { version: 1 }),
    );
    expect(await screen.findByText('You now hold AC-2026-000101.')).toBeTruthy();

    assign.mockRejectedValueOnce({
      response: {
        status: 409,
        data: { statusCode: 409, code: 'APPLICATION_CHANGED', message: 'This application changed' },
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Take over AC-2026-000102 from Eswar' }),
    );
    expect(
      await screen.findByText(
        'AC-2026-000102 changed since the list was loaded; the list has been refreshed.',
      ),
    ).toBeTruthy();
    expect(assign).toHaveBeenLastCalledWith('a5b0c3d2-1111-4e5f-8a9b-000000000102', {
      version: 4,
      reassign: true,
    });
  });

  it('offers no Take to staff who are not credit officers, nor on closed files or drafts', async () => {
    jest
      .spyOn(queueApi, 'list')
      .mockResolvedValue(
        answer([item({ status: 'APPROVED' }), item({ id: 'd', status: 'DRAFT' })]),
      );
    renderQueue();
    await screen.findByText('Showing 1 to 2 of 2 applications');
    expect(screen.queryByRole('button', { name: /^Take/ })).toBeNull();
    queryClient.clear();
    session.setStaffTokens({ accessToken: staffToken(['APPROVER']), refreshToken: 'r' });
    jest.spyOn(queueApi, 'list').mockResolvedValue(answer([item()]));
    renderQueue();
    expect((await screen.findAllByText('AC-2026-000101')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Take/ })).toBeNull();
  });

  it('says when nothing matches, and shows a failure with a way to try again', async () => {
    const list = jest
      .spyOn(queueApi, 'list')
      .mockRejectedValueOnce({
        response: { status: 500, data: { message: 'Database unavailable' } },
      })
      .mockResolvedValue(answer([], { total: 0 }));
    renderQueue('/admin/applications?q=nobody');
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('The applications could not be loaded');
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByText('No applications match these filters.')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ q: 'nobody' });
  });

  it('shows cards and a sort list at phone width', async () => {
    matchEveryMediaQuery(false);
    const list = jest.spyOn(queueApi, 'list').mockResolvedValue(answer([item(), held]));
    renderQueue();
    const cards = await screen.findByRole('list', { name: 'Applications' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'companyName:asc' },
    });
    await waitFor(() => expect(lastQuery(list)).toEqual({ sortBy: 'companyName', order: 'asc' }));
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    jest.spyOn(queueApi, 'list').mockResolvedValue(answer([item()]));
    renderQueue();
    expect(await screen.findByText('Memaparkan 1 hingga 1 daripada 1 permohonan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ambil AC-2026-000101' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Belum selesai (2)' })).toBeTruthy();
  });
});

describe('the back office home', () => {
  const renderHome = () => {
    registerTranslations('mf-admin', { en, ms });
    return render(
      <PlatformRoot>
        <StaffHome />
      </PlatformRoot>,
    );
  };

  const sectionLinks = () => within(screen.getByRole('list')).getAllByRole('link');

  it('shows an admin every section', () => {
    session.setStaffTokens({ accessToken: staffToken(['ADMIN']), refreshToken: 'r' });
    renderHome();
    expect(sectionLinks().map((link) => link.getAttribute('href'))).toEqual([
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
  });

  it('leaves staff accounts and the audit log out for other staff', () => {
    renderHome();
    expect(sectionLinks().map((link) => link.textContent)).toEqual([
      'Applications queue',
      'Attestation',
      'Disbursements',
      'Loan accounts',
      'Statements of account',
      'KPKT iDeal return',
      'Collections',
      'Product settings',
    ]);
  });
});
