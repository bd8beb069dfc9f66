import {
  AUTH_PATHS,
  CONTACT_INBOX_PATHS,
  CONTACT_PATHS,
  type ContactInboxPage,
  type ContactMessageDetail,
} from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import type { EmailMessage, EmailSender } from '../../adapters/email/port';
import { auditLog, contactMessageReplies, staffUsers } from '../../db/schema';
import { systemClock } from '../../kernel/clock';
import {
  addStaff,
  type Caller,
  caller,
  LOCAL_CLIENT,
  register,
  staffLogin,
} from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { createContactService } from './service';
import { createContactStore } from './store';

let sender = 0;
const newSender = (tenant = 'arkcash') => {
  sender += 1;
  return `sender${sender}.${process.pid}.${tenant}@example.com`;
};

describe.each(databases())('the contact inbox on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    for (const [who, roles] of Object.entries({
      service: ['CUSTOMER_SERVICE'],
      colleague: ['CUSTOMER_SERVICE'],
      admin: ['ADMIN'],
      officer: ['CREDIT_OFFICER'],
      approver: ['APPROVER'],
    })) {
      const email = `${who}.${process.pid}@inbox.test`;
      await addStaff(t.db.orm, email, `${who} password`, roles);
      tokens[who] = (await staffLogin(call, email, `${who} password`)).accessToken;
      const [row] = await t.db.orm
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(staffUsers.email, email));
      ids[who] = row!.id;
    }
  }, 60_000);
  afterAll(() => t.close());

  async function send(body: Record<string, unknown>, tenant = 'arkcash') {
    const response = await call('POST', CONTACT_PATHS.contactUs, { body, tenant });
    expect(response.status).toBe(201);
    await t.app.settle();
    return response.body as { id: string; referenceNo: string };
  }

  async function mailsTo(email: string): Promise<EmailMessage[]> {
    const { body } = await call(
      'GET',
      `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(email)}`,
      LOCAL_CLIENT,
    );
    return body as EmailMessage[];
  }

  const read = async (id: string, who = 'service') =>
    (await call('GET', CONTACT_INBOX_PATHS.detail(id), { token: tokens[who] }))
      .body as ContactMessageDetail;

  async function actions(entity: string) {
    const rows = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, `contact_message:${entity}`));
    return rows.map((row) => [row.action, row.actor, row.fromStatus, row.toStatus]);
  }

  it('acknowledges a message to its sender in their language, with its reference', async () => {
    const email = newSender();
    const sent = await send({
      name: 'Siti',
      email,
      comments: 'Bilakah pinjaman saya akan dikeluarkan?',
      language: 'MS',
    });
    expect(sent.referenceNo).toMatch(/^CU-\d{6}$/);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({
      subject: `Kami telah menerima mesej anda (${sent.referenceNo})`,
      links: ['http://localhost/contact-us'],
    });
    expect(mail!.body).toContain('Salam Siti,');
    expect(mail!.body).toContain('> Bilakah pinjaman saya akan dikeluarkan?');
    expect(await actions(sent.id)).toEqual([['contact.received', null, null, 'NEW']]);
  });

  it('lists the messages newest first, filtered and paged on the server', async () => {
    const email = newSender('redcash');
    const first = await send({ email, comments: 'First question', language: 'EN' }, 'redcash');
    const second = await send({ email, comments: 'x'.repeat(400), language: 'EN' }, 'redcash');
    const list = async (query: string) =>
      (await call('GET', `${CONTACT_INBOX_PATHS.list}?${query}`, { token: tokens.service }))
        .body as ContactInboxPage;

    const page1 = await list(`q=${encodeURIComponent(email)}&pageSize=1`);
    expect(page1).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page1.data.map((item) => item.id)).toEqual([second.id]);
    expect(page1.data[0]).toMatchObject({
      referenceNo: second.referenceNo,
      tenant: 'redcash',
      name: null,
      email,
      status: 'NEW',
      assignee: null,
      replies: 0,
    });
    expect(page1.data[0]!.excerpt).toHaveLength(140);
    const page2 = await list(`q=${encodeURIComponent(email)}&pageSize=1&page=2`);
    expect(page2.data.map((item) => item.id)).toEqual([first.id]);

    expect((await list(`q=${first.referenceNo.toLowerCase()}`)).data.map((i) => i.id)).toEqual([
      first.id,
    ]);
    const redcash = await list('tenant=redcash&status=NEW&assignee=none&pageSize=100');
    expect(redcash.data.map((item) => item.id)).toEqual(expect.arrayContaining([first.id]));
    expect(redcash.data.every((item) => item.tenant === 'redcash')).toBe(true);
    expect((await list('tenant=arkcash&q=' + encodeURIComponent(email))).total).toBe(0);
    // Who may be given a message: customer service and admins, no one else.
    expect(page1.assignees.map((member) => member.id).sort()).toEqual(
      expect.arrayContaining([ids.service, ids.colleague, ids.admin]),
    );
    expect(page1.assignees.map((member) => member.id)).not.toContain(ids.officer);
  });

  it('reads, assigns, answers in the sender’s language and closes, each step audited', async () => {
    const email = newSender();
    const sent = await send({
      name: 'Aisyah',
      email,
      comments: 'Boleh saya bayar awal?',
      language: 'MS',
    });

    const opened = await read(sent.id);
    expect(opened).toMatchObject({
      comments: 'Boleh saya bayar awal?',
      status: 'NEW',
      version: 1,
      replies: [],
      actions: { assign: true, answer: true, close: true },
    });

    const assigned = await call('POST', CONTACT_INBOX_PATHS.assign(sent.id), {
      token: tokens.service,
      body: { version: 1, staffId: ids.colleague },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      status: 'ASSIGNED',
      version: 2,
      assignee: { id: ids.colleague },
    });

    // A step on what was read before someone else moved it is refused, and says so.
    const stale = await call('POST', CONTACT_INBOX_PATHS.answer(sent.id), {
      token: tokens.colleague,
      body: { version: 1, body: 'Ya' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONTACT_MESSAGE_CHANGED');

    const answer = 'Ya, anda boleh menyelesaikan pinjaman lebih awal dari halaman jadual bayaran.';
    const answered = await call('POST', CONTACT_INBOX_PATHS.answer(sent.id), {
      token: tokens.colleague,
      body: { version: 2, body: answer },
    });
    expect(answered.status).toBe(200);
    const thread = answered.body as ContactMessageDetail;
    expect(thread).toMatchObject({ status: 'ANSWERED', version: 3 });
    expect(thread.replies).toEqual([
      {
        id: expect.any(String),
        body: answer,
        language: 'MS',
        author: { id: ids.colleague, name: expect.any(String) },
        createdAt: expect.any(String),
        emailedAt: expect.any(String),
      },
    ]);
    const [reply] = (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Balasan'));
    expect(reply).toMatchObject({ subject: `Balasan kepada mesej anda (${sent.referenceNo})` });
    expect(reply!.body).toContain(answer);
    expect(reply!.body).toContain('> Boleh saya bayar awal?');

    const closed = await call('POST', CONTACT_INBOX_PATHS.close(sent.id), {
      token: tokens.colleague,
      body: { version: 3, note: 'Answered' },
    });
    expect(closed.body).toMatchObject({
      status: 'CLOSED',
      closedAt: expect.any(String),
      actions: { assign: false, answer: false, close: false },
    });
    const again = await call('POST', CONTACT_INBOX_PATHS.answer(sent.id), {
      token: tokens.colleague,
      body: { version: 4, body: 'One more thing' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONTACT_MESSAGE_CLOSED');

    const service = `staff:${ids.service}`;
    const colleague = `staff:${ids.colleague}`;
    expect(await actions(sent.id)).toEqual([
      ['contact.received', null, null, 'NEW'],
      ['contact.viewed', service, null, null],
      ['contact.assigned', service, 'NEW', 'ASSIGNED'],
      ['contact.answered', colleague, 'ASSIGNED', 'ANSWERED'],
      ['contact.reply_sent', colleague, null, null],
      ['contact.closed', colleague, 'ANSWERED', 'CLOSED'],
    ]);
  });

  it('gives a message only to customer service or an admin', async () => {
    const sent = await send({ email: newSender(), comments: 'Hello', language: 'EN' });
    const refused = await call('POST', CONTACT_INBOX_PATHS.assign(sent.id), {
      token: tokens.admin,
      body: { version: 1, staffId: ids.officer },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CONTACT_ASSIGNEE_REFUSED');
    expect((await read(sent.id)).status).toBe('NEW');
  });

  it('refuses an empty answer and an unknown message, in the reader’s words', async () => {
    const sent = await send({ email: newSender(), comments: 'Hello', language: 'EN' });
    const empty = await call('POST', CONTACT_INBOX_PATHS.answer(sent.id), {
      token: tokens.service,
      body: { version: 1, body: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write the answer');
    const unknown = await t.app.inject({
      method: 'GET',
      url: CONTACT_INBOX_PATHS.detail('00000000-0000-4000-8000-000000000000'),
      headers: { authorization: `Bearer ${tokens.service}`, 'accept-language': 'ms' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'CONTACT_MESSAGE_NOT_FOUND',
      message: 'Mesej tidak dijumpai',
    });
  });

  it('keeps the inbox from other staff, applicants and strangers: nothing of it in the answer', async () => {
    const email = newSender();
    const sent = await send({ email, comments: 'Private words', language: 'EN' });
    const { session } = await register(call);
    for (const [token, status] of [
      [tokens.officer, 403],
      [tokens.approver, 403],
      [session.accessToken, 403],
      [null, 401],
    ] as const) {
      for (const url of [CONTACT_INBOX_PATHS.list, CONTACT_INBOX_PATHS.detail(sent.id)]) {
        const answer = await call('GET', url, { token });
        expect(answer.status).toBe(status);
        expect(JSON.stringify(answer.body)).not.toContain(email);
        expect(JSON.stringify(answer.body)).not.toContain('Private words');
      }
      const close = await call('POST', CONTACT_INBOX_PATHS.close(sent.id), {
        token,
        body: { version: 1 },
      });
      expect(close.status).toBe(status);
    }
    expect((await read(sent.id)).status).toBe('NEW');
  });

  it('keeps an answer whose email failed, says so, and sends it again', async () => {
    let working = false;
    const delivered: EmailMessage[] = [];
    const email: EmailSender = {
      provider: 'smtp',
      async send(message) {
        if (!working) throw new Error('connection refused');
        delivered.push(message);
      },
    };
    const service = createContactService({
      store: createContactStore(t.db.orm),
      email,
      clock: systemClock,
      publicUrl: () => 'https://apply.example.com',
    });
    const sent = await service.send('arkcash', {
      email: newSender(),
      comments: 'Is anyone there?',
      language: 'EN',
    });
    const staff = {
      kind: 'staff' as const,
      staffId: ids.service!,
      email: 'service@inbox.test',
      roles: ['CUSTOMER_SERVICE' as const],
      sessionId: 'test',
    };
    await expect(
      service.answer(staff, sent.id, { version: 1, body: 'Yes, we are.' }, '127.0.0.1'),
    ).rejects.toMatchObject({ statusCode: 502, code: 'CONTACT_REPLY_NOT_SENT' });
    const [kept] = await t.db.orm
      .select()
      .from(contactMessageReplies)
      .where(eq(contactMessageReplies.messageId, sent.id));
    expect(kept).toMatchObject({ body: 'Yes, we are.', emailedAt: null });

    working = true;
    const resent = await service.resend(staff, sent.id, kept!.id, '127.0.0.1');
    expect(resent.replies[0]!.emailedAt).not.toBeNull();
    expect(delivered).toEqual([
      expect.objectContaining({ subject: `Reply to your message (${sent.referenceNo})` }),
    ]);
    await expect(service.resend(staff, sent.id, kept!.id, '127.0.0.1')).rejects.toMatchObject({
      statusCode: 409,
    });
    const sentRows = await t.db.orm
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, `contact_message:${sent.id}`),
          eq(auditLog.action, 'contact.reply_sent'),
        ),
      );
    expect(sentRows).toHaveLength(1);
  });
});
