// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type {
  ContactInboxItem,
  ContactInboxPage as InboxPage,
  ContactMessageDetail,
} from '@lending/contracts';
import { brandStore, registerTranslations, session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { contactApi } from './contact-api';
import { ContactInboxPage } from './contact-inbox-page';
import { ContactMessagePage } from './contact-message-page';

const MESSAGE_ID = '5a1f0c2e-7b6d-4e8f-9a0b-1c2d3e4f5a6b';
const ME = '0b6f2f3e-0000-4000-8000-00000000000a';
const COLLEAGUE = '0b6f2f3e-0000-4000-8000-00000000000b';

function staffToken(roles: string[]): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub: ME, email: 'cs@lender.test', roles })}.sig`;
}
const signIn = (roles: string[]) =>
  session.setStaffTokens({ accessToken: staffToken(roles), refreshToken: 'r' });

const assignees = [
  { id: ME, name: 'Nur Aina' },
  { id: COLLEAGUE, name: 'Farid' },
];

function item(overrides: Partial<ContactInboxItem> = {}): ContactInboxItem {
  return {
    id: MESSAGE_ID,
    referenceNo: 'CU-000042',
    tenant: 'arkcash',
    name: 'Siti Aminah',
    email: 'siti@example.com',
    language: 'MS',
    excerpt: 'Bilakah pinjaman saya akan dikeluarkan?',
    status: 'NEW',
    assignee: null,
    replies: 0,
    createdAt: '2026-03-01T02:00:00.000Z',
    updatedAt: '2026-03-01T02:00:00.000Z',
    ...overrides,
  };
}

const page = (data: ContactInboxItem[], overrides: Partial<InboxPage> = {}): InboxPage => ({
  data,
  total: data.length,
  page: 1,
  pageSize: 20,
  assignees,
  ...overrides,
});

function detail(overrides: Partial<ContactMessageDetail> = {}): ContactMessageDetail {
  return {
    id: MESSAGE_ID,
    referenceNo: 'CU-000042',
    tenant: 'arkcash',
    name: 'Siti Aminah',
    email: 'siti@example.com',
    language: 'MS',
    comments: 'Bilakah pinjaman saya akan dikeluarkan?',
    status: 'NEW',
    assignee: null,
    createdAt: '2026-03-01T02:00:00.000Z',
    updatedAt: '2026-03-01T02:00:00.000Z',
    closedAt: null,
    version: 1,
    replies: [],
    assignees,
    actions: { assign: true, answer: true, close: true },
    ...overrides,
  };
}

function apiError(status: number, code: string, message: string) {
  return Object.assign(new Error(message), {
    response: { status, data: { statusCode: status, message, code } },
  });
}

function renderAt(path: string) {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-admin', { en, ms });
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/contact-messages" element={<ContactInboxPage />} />
          <Route path="/admin/contact-messages/:messageId" element={<ContactMessagePage />} />
        </Routes>
      </MemoryRouter>
    </PlatformRoot>,
  );
}

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

beforeEach(() => setLanguage('EN'));
afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
  session.clearStaff();
});

describe('the contact inbox', () => {
  it('shows customer service the messages still to be worked, filtered in the address', async () => {
    signIn(['CUSTOMER_SERVICE']);
    const list = jest.spyOn(contactApi, 'list').mockResolvedValue(page([item()]));
    renderAt('/admin/contact-messages');
    expect(await screen.findByText('Showing 1 to 1 of 1 messages')).toBeTruthy();
    expect(list.mock.calls[0]![0]).toEqual({ status: 'OPEN' });
    const card = within(screen.getByRole('list', { name: 'Messages' })).getByRole('listitem');
    expect(within(card).getByText('New')).toBeTruthy();
    expect(within(card).getByText(/Nobody holds it yet/)).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: 'Open message CU-000042 from Siti Aminah' })
        .getAttribute('href'),
    ).toBe(`/admin/contact-messages/${MESSAGE_ID}`);

    fireEvent.change(screen.getByLabelText('Held by'), { target: { value: 'me' } });
    fireEvent.change(screen.getByLabelText('Name, email or reference'), {
      target: { value: ' siti ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(list.mock.calls.at(-1)![0]).toEqual({ status: 'OPEN', assignee: 'me', q: 'siti' }),
    );
  });

  it('pages through the messages', async () => {
    signIn(['ADMIN']);
    const list = jest
      .spyOn(contactApi, 'list')
      .mockResolvedValue(page([item()], { total: 45, pageSize: 20 }));
    renderAt('/admin/contact-messages?status=ANY&tenant=redcash');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(list.mock.calls.at(-1)![0]).toEqual({ tenant: 'redcash', page: 2 }));
  });

  it('says when nothing matches and offers every message, in Malay too', async () => {
    signIn(['CUSTOMER_SERVICE']);
    setLanguage('MS');
    const list = jest.spyOn(contactApi, 'list').mockResolvedValue(page([]));
    renderAt('/admin/contact-messages?status=CLOSED');
    expect(await screen.findByText('Tiada mesej sepadan dengan penapis ini.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Paparkan semua mesej' }));
    await waitFor(() => expect(list.mock.calls.at(-1)![0]).toEqual({}));
  });

  it('tells other staff the inbox is not theirs, and asks the server nothing', async () => {
    signIn(['CREDIT_OFFICER']);
    const list = jest.spyOn(contactApi, 'list');
    renderAt('/admin/contact-messages');
    expect((await screen.findByTestId('inbox-not-allowed')).textContent).toContain(
      'Only customer service and admins work the contact inbox.',
    );
    expect(list).not.toHaveBeenCalled();
  });
});

describe('a contact message', () => {
  it('is answered in the sender’s language, the answer kept in the thread', async () => {
    signIn(['CUSTOMER_SERVICE']);
    jest.spyOn(contactApi, 'message').mockResolvedValue(detail());
    const answer = jest.spyOn(contactApi, 'answer').mockResolvedValue(
      detail({
        status: 'ANSWERED',
        version: 2,
        assignee: { id: ME, name: 'Nur Aina' },
        replies: [
          {
            id: 'r1',
            body: 'Dalam masa tiga hari bekerja.',
            language: 'MS',
            author: { id: ME, name: 'Nur Aina' },
            createdAt: '2026-03-01T03:00:00.000Z',
            emailedAt: '2026-03-01T03:00:01.000Z',
          },
        ],
      }),
    );
    renderAt(`/admin/contact-messages/${MESSAGE_ID}`);
    expect((await screen.findByTestId('message-text')).textContent).toBe(
      'Bilakah pinjaman saya akan dikeluarkan?',
    );
    const form = screen.getByRole('form', { name: 'Answer by email' });
    expect(within(form).getByText(/siti@example\.com, in Bahasa Melayu/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(await within(form).findByText('Write the answer')).toBeTruthy();
    expect(answer).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText(/Your answer/), {
      target: { value: '  Dalam masa tiga hari bekerja.  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(answer).toHaveBeenCalledWith(MESSAGE_ID, {
        version: 1,
        body: 'Dalam masa tiga hari bekerja.',
      }),
    );
    expect(await screen.findByText('Your answer was emailed to the sender.')).toBeTruthy();
    const thread = screen.getByTestId('contact-thread');
    expect(within(thread).getByText('Dalam masa tiga hari bekerja.')).toBeTruthy();
    expect((within(form).getByLabelText(/Your answer/) as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps what was typed when someone else moved the message on, and reads it again', async () => {
    signIn(['CUSTOMER_SERVICE']);
    const read = jest
      .spyOn(contactApi, 'message')
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ status: 'ASSIGNED', version: 2 }));
    jest
      .spyOn(contactApi, 'answer')
      .mockRejectedValue(apiError(409, 'CONTACT_MESSAGE_CHANGED', 'changed'));
    renderAt(`/admin/contact-messages/${MESSAGE_ID}`);
    const form = await screen.findByRole('form', { name: 'Answer by email' });
    fireEvent.change(within(form).getByLabelText(/Your answer/), {
      target: { value: 'Tiga hari.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(
      await screen.findByText(/Someone else worked on this message since you opened it/),
    ).toBeTruthy();
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Assigned')).toBeTruthy();
    expect(
      (
        within(screen.getByRole('form', { name: 'Answer by email' })).getByLabelText(
          /Your answer/,
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('Tiga hari.');
  });

  it('is given to a colleague, or taken, and closed', async () => {
    signIn(['CUSTOMER_SERVICE']);
    jest.spyOn(contactApi, 'message').mockResolvedValue(detail());
    const assign = jest.spyOn(contactApi, 'assign').mockImplementation(async (_id, request) =>
      detail({
        status: 'ASSIGNED',
        version: 2,
        assignee: assignees.find((one) => one.id === request.staffId)!,
      }),
    );
    const close = jest.spyOn(contactApi, 'close').mockResolvedValue(
      detail({
        status: 'CLOSED',
        version: 3,
        closedAt: '2026-03-02T02:00:00.000Z',
        actions: { assign: false, answer: false, close: false },
      }),
    );
    renderAt(`/admin/contact-messages/${MESSAGE_ID}`);
    const form = await screen.findByRole('form', { name: 'Who holds it' });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByText('Choose who should hold this message')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Take it myself' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(MESSAGE_ID, { version: 1, staffId: ME }),
    );
    expect(await screen.findByText('Nur Aina now holds this message.')).toBeTruthy();

    const closing = screen.getByRole('form', { name: 'Close the message' });
    fireEvent.change(within(closing).getByLabelText(/Why/), { target: { value: 'Duplicate' } });
    fireEvent.click(within(closing).getByRole('button', { name: 'Close message' }));
    await waitFor(() =>
      expect(close).toHaveBeenCalledWith(MESSAGE_ID, { version: 2, note: 'Duplicate' }),
    );
    expect(await screen.findByText('The message is closed.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Answer by email' })).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('This message is closed');
  });

  it('sends again an answer whose email did not leave', async () => {
    signIn(['ADMIN']);
    const unsent = {
      id: 'r1',
      body: 'Yes.',
      language: 'EN' as const,
      author: { id: ME, name: 'Nur Aina' },
      createdAt: '2026-03-01T03:00:00.000Z',
      emailedAt: null,
    };
    jest
      .spyOn(contactApi, 'message')
      .mockResolvedValue(detail({ language: 'EN', status: 'ANSWERED', replies: [unsent] }));
    const resend = jest.spyOn(contactApi, 'resend').mockResolvedValue(
      detail({
        language: 'EN',
        status: 'ANSWERED',
        replies: [{ ...unsent, emailedAt: '2026-03-01T04:00:00.000Z' }],
      }),
    );
    renderAt(`/admin/contact-messages/${MESSAGE_ID}`);
    expect(await screen.findByText('The email did not leave.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send this answer again' }));
    await waitFor(() => expect(resend).toHaveBeenCalledWith(MESSAGE_ID, 'r1'));
    expect(await screen.findByText(/^Emailed /)).toBeTruthy();
  });
});
