// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { AuditPage, AuditRow } from '@lending/contracts';
import { brandStore, registerTranslations, session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { matchEveryMediaQuery } from '@lending/ui/src/testing/jsdom';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { auditApi } from './audit-api';
import { AuditLogPage } from './audit-page';

const ADMIN_ID = '6f1c2a52-8b1e-4e0a-9d55-1d2f0c7e9a01';
const OFFICER_ID = '0b8e9f3c-71a4-4c2d-8f0e-5a6b7c8d9e02';
const APPLICATION_ID = 'a5b0c3d2-1111-4e5f-8a9b-000000000101';

function staffToken(roles: string[]): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub: ADMIN_ID, email: 'nurul@lender.test', roles })}.sig`;
}

function row(overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    id: 101,
    // 23:30:05 on 1 March in Malaysia.
    at: '2026-03-01T15:30:05.000Z',
    actor: { ref: `staff:${OFFICER_ID}`, kind: 'staff', name: 'Aisyah' },
    action: 'application.status_changed',
    subject: `application:${APPLICATION_ID}`,
    entity: `application:${APPLICATION_ID}`,
    fromStatus: 'PENDING',
    toStatus: 'KIV',
    reason: 'Needs the March bank statement',
    ip: '10.1.2.3',
    requestId: 'req-1',
    detail: { note: 'called the applicant' },
    ...overrides,
  };
}

const failedLogin = row({
  id: 100,
  at: '2026-03-01T02:00:00.000Z',
  actor: { ref: null, kind: 'none', name: null },
  action: 'auth.login_failed',
  subject: null,
  entity: null,
  fromStatus: null,
  toStatus: null,
  reason: null,
  detail: {},
});

function answer(data: AuditRow[], overrides: Partial<AuditPage> = {}): AuditPage {
  return {
    data,
    total: data.length,
    page: 1,
    pageSize: 50,
    staff: [
      { id: OFFICER_ID, name: 'Aisyah' },
      { id: ADMIN_ID, name: 'Nurul' },
    ],
    actions: ['application.status_changed', 'auth.login', 'auth.login_failed', 'disbursement.sent'],
    ...overrides,
  };
}

function renderAudit(path = '/admin/audit') {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-admin', { en, ms });
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>
        <AuditLogPage />
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
  session.setStaffTokens({ accessToken: staffToken(['ADMIN']), refreshToken: 'r' });
});

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
  session.clearStaff();
});

describe('the audit log screen', () => {
  it('shows entries newest first in Malaysia time, with details that open and close', async () => {
    const list = jest.spyOn(auditApi, 'list').mockResolvedValue(answer([row(), failedLogin]));
    renderAudit();
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
    expect(lastQuery(list)).toEqual({});
    const table = screen.getByRole('table', { name: 'Audit log entries, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    // Malaysia's clock: 23:30 on 1 March, though 15:30 UTC.
    const time = within(first!).getByText(/1 Mar 2026/);
    expect(time.textContent).toMatch(/11:30:05/);
    expect(time.getAttribute('datetime')).toBe('2026-03-01T15:30:05.000Z');
    expect(within(first!).getByText('Aisyah')).toBeTruthy();
    expect(within(first!).getByText('application.status_changed')).toBeTruthy();
    expect(
      within(first!).getByRole('link', { name: 'application:a5b0c3d2…' }).getAttribute('href'),
    ).toBe(`/admin/applications/${APPLICATION_ID}`);
    expect(within(second!).getByText('Nobody signed in')).toBeTruthy();

    const toggle = within(first!).getByRole('button', { name: 'Show details of entry 101' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Needs the March bank statement')).toBeNull();
    fireEvent.click(toggle);
    const opened = within(table).getByRole('button', { name: 'Hide details of entry 101' });
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(opened.getAttribute('aria-controls')!)!;
    expect(within(details).getByText('Needs the March bank statement')).toBeTruthy();
    expect(within(details).getByText('PENDING → KIV')).toBeTruthy();
    expect(within(details).getByText('10.1.2.3')).toBeTruthy();
    expect(details.textContent).toContain('"note": "called the applicant"');
    fireEvent.click(opened);
    expect(screen.queryByText('Needs the March bank statement')).toBeNull();
  });

  it('asks the server for the filters: actor, action, entity and Malaysia dates', async () => {
    const list = jest.spyOn(auditApi, 'list').mockResolvedValue(answer([row()]));
    renderAudit();
    await screen.findByText('Showing 1 to 1 of 1 entries');
    fireEvent.change(screen.getByRole('combobox', { name: 'Who acted' }), {
      target: { value: OFFICER_ID },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: 'application.' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Entity type' }), {
      target: { value: 'application' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Entity id' }), {
      target: { value: ` ${APPLICATION_ID} ` },
    });
    fireEvent.change(screen.getByLabelText('From (Malaysia date)'), {
      target: { value: '2026-03-01' },
    });
    fireEvent.change(screen.getByLabelText('To (Malaysia date)'), {
      target: { value: '2026-03-31' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(lastQuery(list)).toEqual({
        actor: OFFICER_ID,
        action: 'application.',
        entityType: 'application',
        entityId: APPLICATION_ID,
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
    // The form keeps what was applied, read back from the address.
    expect((screen.getByRole('combobox', { name: 'Who acted' }) as HTMLSelectElement).value).toBe(
      OFFICER_ID,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(list)).toEqual({}));
  });

  it('refuses dates the wrong way round without asking the server', async () => {
    const list = jest.spyOn(auditApi, 'list').mockResolvedValue(answer([row()]));
    renderAudit();
    await screen.findByText('Showing 1 to 1 of 1 entries');
    const calls = list.mock.calls.length;
    fireEvent.change(screen.getByLabelText('From (Malaysia date)'), {
      target: { value: '2026-03-31' },
    });
    fireEvent.change(screen.getByLabelText('To (Malaysia date)'), {
      target: { value: '2026-03-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(list.mock.calls.length).toBe(calls);
  });

  it('pages on the server', async () => {
    const list = jest
      .spyOn(auditApi, 'list')
      .mockResolvedValue(answer([row(), failedLogin], { total: 120 }));
    renderAudit('/admin/audit?action=auth.');
    await screen.findByText('Showing 1 to 2 of 120 entries');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(lastQuery(list)).toEqual({ action: 'auth.', page: 2, pageSize: 50 }),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Entries per page' }), {
      target: { value: '200' },
    });
    await waitFor(() =>
      expect(lastQuery(list)).toEqual({ action: 'auth.', page: 1, pageSize: 200 }),
    );
  });

  it('exports the filters shown, not the page, and says when the export is too large', async () => {
    jest.spyOn(auditApi, 'list').mockResolvedValue(answer([row()], { total: 120 }));
    const exportCsv = jest.spyOn(auditApi, 'exportCsv').mockResolvedValue({
      blob: new Blob(['\uFEFFid\r\n'], { type: 'text/csv' }),
      fileName: 'audit-202603020930.csv',
    });
    const createObjectURL = jest.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAudit('/admin/audit?actor=staff&page=2&pageSize=100');
    await screen.findByText(/of 120 entries/);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('The file audit-202603020930.csv has been downloaded.'),
    ).toBeTruthy();
    // The export takes the filters; the file holds every row they find.
    expect(exportCsv).toHaveBeenCalledWith({ actor: 'staff', page: 2, pageSize: 100 });
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();

    exportCsv.mockRejectedValue({
      response: {
        status: 422,
        data: new Blob(
          [JSON.stringify({ code: 'AUDIT_EXPORT_TOO_LARGE', message: 'The export would hold…' })],
          { type: 'application/json' },
        ),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Too many entries to export at once (at most 10,000). Narrow the filters and try again.',
    );
  });

  it('says when nothing matches, and shows a failure with a way to try again', async () => {
    const list = jest
      .spyOn(auditApi, 'list')
      .mockRejectedValueOnce(new Error('The audit log is down'))
      .mockResolvedValue(answer([], { total: 0 }));
    renderAudit('/admin/audit?actor=none');
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('The audit log could not be loaded');
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ actor: 'none' });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows cards with their details at phone width', async () => {
    matchEveryMediaQuery(false);
    jest.spyOn(auditApi, 'list').mockResolvedValue(answer([row(), failedLogin]));
    renderAudit();
    const cards = await screen.findByRole('list', { name: 'Audit log entries, newest first' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(cards).getByRole('button', { name: 'Show details of entry 101' }));
    expect(within(cards).getByText('Needs the March bank statement')).toBeTruthy();
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    jest.spyOn(auditApi, 'list').mockResolvedValue(answer([row()]));
    renderAudit();
    expect(await screen.findByText('Memaparkan 1 hingga 1 daripada 1 catatan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eksport CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tunjuk butiran catatan 101' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Pelaku' })).toBeTruthy();
  });
});
