import { createHash } from 'node:crypto';

import { COLLECTION_PATHS, SETTINGS_PATHS } from '@lending/contracts';
import { addDays, addMonths, formatRinggit } from '@lending/domain';
import { and, eq, inArray } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { hashPassword } from '../../kernel/passwords';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller, login } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

/** dd/mm/yyyy, as the letters and messages print a date. */
const printed = (date: string) => date.split('-').reverse().join('/');

describe.each(databases())('collections (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    await app.app.jobs.runDue();
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  /** A loan paid out the way staff do it: recorded by one, confirmed by another. */
  async function disbursedLoan(language: 'EN' | 'MS' = 'EN') {
    clock.set(started);
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call, { language });
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    return { approved, agreement, due: (n: number) => addMonths(firstDueDate, n - 1) };
  }

  /** Noon in Malaysia on a business date. */
  const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
  const sent = (recipient: string) =>
    db().select().from(t.outbox).where(eq(t.outbox.recipient, recipient));
  const accountOf = async (agreementId: string) => {
    const [row] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreementId));
    return row!;
  };
  const lettersOf = (agreementId: string) =>
    db()
      .select()
      .from(t.collectionLetters)
      .where(eq(t.collectionLetters.agreementId, agreementId))
      .orderBy(t.collectionLetters.createdAt);

  it('reminds once per instalment, by email and SMS in the borrower’s language, catching up a missed day', async () => {
    const { approved, agreement, due } = await disbursedLoan('MS');
    const { email, phoneNo } = approved.applicant;
    const subject = `Peringatan: ansuran 1 matang pada ${printed(due(1))}`;

    // Four days ahead is before the three days set by default: nothing yet.
    on(addDays(due(1), -4));
    expect((await app.app.jobs.runDue()).map((run) => run.name)).toContain('collections');
    expect((await sent(email)).filter((m) => m.subject === subject)).toHaveLength(0);

    // The job did not run three days ahead; two days ahead the reminder is caught up, once.
    on(addDays(due(1), -2));
    await app.app.jobs.runDue();
    await app.app.collections.runDaily();
    const mail = (await sent(email)).filter((m) => m.subject === subject);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(agreement.agreementNo);
    expect(mail[0]!.body).toContain(formatRinggit(51_667));
    const texts = (await sent(phoneNo)).filter((m) => m.body.startsWith('Peringatan: ansuran 1'));
    expect(texts).toHaveLength(1);
    const account = await accountOf(agreement.id);
    const reminders = await db()
      .select()
      .from(t.collectionReminders)
      .where(eq(t.collectionReminders.accountId, account.id));
    expect(reminders).toEqual([
      expect.objectContaining({ instalmentNo: 1, language: 'MS', amountSen: 51_667 }),
    ]);
    expect(reminders[0]!.emailSentAt).not.toBeNull();
    expect(reminders[0]!.smsSentAt).not.toBeNull();
    // An account being repaid on time is never in the arrears list.
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const list = await call('GET', COLLECTION_PATHS.accounts, { token: officer.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { agreementId: string }) => item.agreementId)).not.toContain(
      agreement.id,
    );
  });

  it('sends an arrears notice per missed due date, flags ready for default after 28 days, and lets one person issue a 14-day default notice', async () => {
    const { approved, agreement, due } = await disbursedLoan('EN');
    const other = await approvedApplicant(db(), call);
    const account = await accountOf(agreement.id);

    // The first instalment is missed: the day after, one arrears notice, even if run twice.
    on(addDays(due(1), 1));
    await app.app.jobs.runDue();
    await app.app.collections.runDaily();
    let letters = await lettersOf(agreement.id);
    expect(letters).toEqual([
      expect.objectContaining({
        kind: 'ARREARS',
        version: 1,
        language: 'EN',
        instalmentsThrough: 1,
        overdueSen: 51_667,
        remedyBy: null,
        issuedBy: 'system:collections',
      }),
    ]);
    expect(letters[0]!.emailedAt).not.toBeNull();
    expect(
      (await sent(approved.applicant.email)).filter(
        (m) => m.subject === `Notice of arrears: agreement ${agreement.agreementNo}`,
      ),
    ).toHaveLength(1);
    const [arrearsCase] = await db()
      .select()
      .from(t.collectionCases)
      .where(eq(t.collectionCases.accountId, account.id));
    expect(arrearsCase).toMatchObject({ stage: 'IN_ARREARS', daysPastDue: 1, overdueSen: 51_667 });

    // Not yet more than 28 days: no default notice.
    let officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const detail = await call('GET', COLLECTION_PATHS.account(agreement.id), {
      token: officer.token,
    });
    expect(detail.body).toMatchObject({
      stage: 'IN_ARREARS',
      readyForDefault: false,
      canIssueDefaultNotice: false,
    });
    const early = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: officer.token,
      body: { warningDays: 14 },
    });
    expect([early.status, early.body.code]).toEqual([409, 'DEFAULT_NOTICE_REFUSED']);

    // The second due date passes too: a second notice (a new version), and the flag is up.
    const today = addDays(due(2), 1);
    on(today);
    await app.app.jobs.runDue();
    letters = await lettersOf(agreement.id);
    expect(letters.map((row) => [row.kind, row.version, row.instalmentsThrough])).toEqual([
      ['ARREARS', 1, 1],
      ['ARREARS', 2, 2],
    ]);
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);
    const list = await call('GET', COLLECTION_PATHS.accounts, { token: service.token });
    expect(list.body.items).toContainEqual(
      expect.objectContaining({
        agreementId: agreement.id,
        stage: 'READY_FOR_DEFAULT',
        readyForDefault: true,
        overdueSen: 2 * 51_667,
        letters: 2,
        asOf: today,
      }),
    );
    expect(list.body.items[0].daysPastDue).toBeGreaterThan(28);

    // Customer service reads but does not issue; fewer than 14 days is refused.
    const notAllowed = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: service.token,
      body: { warningDays: 14 },
    });
    expect(notAllowed.status).toBe(403);
    const tooShort = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: officer.token,
      body: { warningDays: 13 },
    });
    expect(tooShort.status).toBe(400);

    // A second letter the day the arrears notice went is refused (one a day by each channel).
    const sameDay = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: officer.token,
      body: { warningDays: 14 },
    });
    expect([sameDay.status, sameDay.body.code]).toEqual([409, 'CONTACT_REFUSED']);
    const noticeDay = addDays(today, 1);
    on(noticeDay);
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const issued = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: officer.token,
      body: { warningDays: 14 },
    });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      stage: 'DEFAULT_NOTICE_ISSUED',
      canIssueDefaultNotice: false,
      letters: 3,
    });
    expect(issued.body.items[0]).toMatchObject({
      kind: 'DEFAULT',
      version: 1,
      remedyBy: addDays(noticeDay, 14),
      issuedBy: `staff:${officer.id}`,
    });
    const again = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: officer.token,
      body: { warningDays: 30 },
    });
    expect([again.status, again.body.code]).toEqual([409, 'DEFAULT_NOTICE_REFUSED']);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(
        and(
          inArray(t.auditLog.action, [
            'collection.default_notice_issued',
            'collection.stage_changed',
          ]),
          eq(t.auditLog.subject, `user:${approved.applicant.userId}`),
        ),
      )
      .orderBy(t.auditLog.id);
    expect(audit.map((row) => [row.action, row.fromStatus, row.toStatus, row.actor])).toEqual([
      ['collection.stage_changed', 'CURRENT', 'IN_ARREARS', 'system:collections'],
      ['collection.stage_changed', 'IN_ARREARS', 'READY_FOR_DEFAULT', 'system:collections'],
      [
        'collection.stage_changed',
        'READY_FOR_DEFAULT',
        'DEFAULT_NOTICE_ISSUED',
        `staff:${officer.id}`,
      ],
      ['collection.default_notice_issued', null, null, `staff:${officer.id}`],
    ]);

    // Every letter is kept as it was made: the first notice still reads byte for byte.
    const first = letters[0]!;
    const pdf = await app.app.inject({
      method: 'GET',
      url: COLLECTION_PATHS.staffLetter(first.id),
      headers: { authorization: `Bearer ${officer.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(first.sha256);

    // The borrower reads their own letters; another borrower finds none of them. Their sessions
    // of a month ago are gone: they sign in again today.
    const signIn = async (person: { userId: string; email: string }) => {
      await db()
        .update(t.users)
        .set({ passwordHash: await hashPassword('collections test 1') })
        .where(eq(t.users.id, person.userId));
      const answer = await login(call, person.email, 'collections test 1');
      expect(answer.status).toBe(200);
      return answer.body.accessToken as string;
    };
    const token = await signIn(approved.applicant);
    const mine = await call('GET', COLLECTION_PATHS.letters(agreement.id), { token });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((item: { kind: string }) => item.kind)).toEqual([
      'DEFAULT',
      'ARREARS',
      'ARREARS',
    ]);
    const download = await call('GET', COLLECTION_PATHS.letter(mine.body.items[0].id), { token });
    expect(download.status).toBe(200);
    expect(String(download.body).startsWith('%PDF-')).toBe(true);
    const stranger = await signIn(other.applicant);
    expect(
      (await call('GET', COLLECTION_PATHS.letters(agreement.id), { token: stranger })).status,
    ).toBe(404);
    expect(
      (await call('GET', COLLECTION_PATHS.letter(mine.body.items[0].id), { token: stranger }))
        .status,
    ).toBe(404);
    expect((await call('GET', COLLECTION_PATHS.staffLetter(first.id), { token })).status).toBe(403);

    // Paying the arrears clears the account: back to current, the notice no longer stands.
    on(addDays(today, 2));
    const owed = await app.app.repayments.amountDueNow(agreement.id);
    await app.app.repayments.applyPayment({
      agreementId: agreement.id,
      amountSen: owed.overdueSen + owed.lateChargesSen,
      channel: 'FPX',
      externalRef: `COLLECT-${agreement.id}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
    await app.app.jobs.runDue();
    const [cleared] = await db()
      .select()
      .from(t.collectionCases)
      .where(eq(t.collectionCases.accountId, account.id));
    expect(cleared).toMatchObject({ stage: 'CURRENT', daysPastDue: 0, overdueSen: 0 });
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const after = await call('GET', COLLECTION_PATHS.accounts, { token: officer.token });
    expect(after.body.items.map((item: { agreementId: string }) => item.agreementId)).not.toContain(
      agreement.id,
    );
  });

  it('takes the reminder days from the product settings, 1 to 14', async () => {
    clock.set(started);
    const admin = await staffMember(db(), call, ['ADMIN']);
    const { body: current } = await call('GET', SETTINGS_PATHS.current, {
      token: admin.token,
      tenant: 'arkcash',
    });
    expect(current.settings.collections).toEqual({ reminderDaysBefore: 3 });
    const save = (reminderDaysBefore: number) =>
      call('PUT', SETTINGS_PATHS.current, {
        token: admin.token,
        tenant: 'arkcash',
        body: { ...current.settings, collections: { reminderDaysBefore } },
      });
    expect((await save(15)).status).toBe(400);
    const saved = await save(7);
    expect(saved.status).toBe(200);
    expect(saved.body.settings.collections).toEqual({ reminderDaysBefore: 7 });

    // Loans of this suite share their due dates: the third one is after every earlier run.
    const { approved, due } = await disbursedLoan('EN');
    const reminded = async () =>
      (await sent(approved.applicant.email)).filter(
        (m) => m.subject === `Reminder: instalment 3 is due on ${printed(due(3))}`,
      );
    on(addDays(due(3), -8));
    await app.app.jobs.runDue();
    expect(await reminded()).toHaveLength(0);
    on(addDays(due(3), -7));
    await app.app.jobs.runDue();
    expect(await reminded()).toHaveLength(1);
  });
});
