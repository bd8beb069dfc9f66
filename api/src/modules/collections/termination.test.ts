import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { COLLECTION_PATHS, EVIDENCE_PATHS, LOAN_STATUS_PATHS } from '@lending/contracts';
import { addDays, addMonths } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { hashPassword } from '../../kernel/passwords';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller, login } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

describe.each(databases())('collections to termination (%s)', (kind) => {
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

  /** Noon (or `time`) in Malaysia on a business date. */
  const on = (date: string, time = '12:00') => clock.set(`${date}T${time}:00+08:00`);
  const staff = (roles: string[]) => staffMember(db(), call, roles);
  const signIn = async (person: { userId: string; email: string }) => {
    await db()
      .update(t.users)
      .set({ passwordHash: await hashPassword('collections test 1') })
      .where(eq(t.users.id, person.userId));
    const answer = await login(call, person.email, 'collections test 1');
    return answer.body.accessToken as string;
  };
  const accountOf = async (agreementId: string) =>
    (
      await db().select().from(t.loanAccounts).where(eq(t.loanAccounts.agreementId, agreementId))
    )[0]!;

  it('works a case to its end: contact within the rules, promises kept and broken, the default notice, termination by two people, the balance paid', async () => {
    clock.set(started);
    const approved = await approvedApplicant(db(), call, { language: 'MS' });
    const stranger = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, {
      officer: await staff(['CREDIT_OFFICER']),
      approver: await staff(['APPROVER']),
    });
    const due = (n: number) => addMonths(firstDueDate, n - 1);
    const account = await accountOf(agreement.id);

    // The first instalment is missed: the arrears notice is a letter, logged as a contact.
    let today = addDays(due(1), 1);
    on(today);
    await app.app.jobs.runDue();
    let officer = await staff(['CREDIT_OFFICER']);
    let work = await call('GET', COLLECTION_PATHS.work(agreement.id), { token: officer.token });
    expect(work.status).toBe(200);
    expect(work.body).toMatchObject({
      accountStatus: 'ACTIVE',
      bucket: 'EARLY',
      nextAction: 'SEND_MESSAGE',
    });
    expect(work.body.contacts.map((c: { kind: string }) => c.kind)).toContain('ARREARS_NOTICE');
    expect(work.body.actions.recordPromise).toEqual({ allowed: true });

    // Customer service reads the case but does not work it.
    const service = await staff(['CUSTOMER_SERVICE']);
    const read = await call('GET', COLLECTION_PATHS.work(agreement.id), { token: service.token });
    expect(read.body.actions.recordContact).toMatchObject({
      allowed: false,
      reason: 'roleNotAllowed',
    });
    const refusedCall = await call('POST', COLLECTION_PATHS.contacts(agreement.id), {
      token: service.token,
      body: { channel: 'CALL', outcome: 'ANSWERED', note: 'Spoke to the borrower' },
    });
    expect([refusedCall.status, refusedCall.body.code]).toEqual([403, 'FORBIDDEN']);

    // A call at noon is logged; a second one the same day, or one at 21:00, is refused.
    const called = await call('POST', COLLECTION_PATHS.contacts(agreement.id), {
      token: officer.token,
      body: { channel: 'CALL', outcome: 'ANSWERED', note: 'Will pay RM100 on Friday' },
    });
    expect(called.status).toBe(200);
    expect(called.body).toMatchObject({
      channel: 'CALL',
      outcome: 'ANSWERED',
      actor: `staff:${officer.id}`,
    });
    const again = await call('POST', COLLECTION_PATHS.contacts(agreement.id), {
      token: officer.token,
      body: { channel: 'CALL', outcome: 'NO_ANSWER', note: 'No answer' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'CONTACT_REFUSED']);
    on(addDays(today, 1), '21:00');
    officer = await staff(['CREDIT_OFFICER']);
    const late = await call('POST', COLLECTION_PATHS.contacts(agreement.id), {
      token: officer.token,
      body: { channel: 'MESSAGE', subject: 'Bayaran', body: 'Sila hubungi kami' },
    });
    expect([late.status, late.body.message]).toEqual([
      409,
      'Contact is made only within the permitted hours',
    ]);
    // The log is written once: the database refuses a change.
    await expect(
      db()
        .update(t.collectionContacts)
        .set({ body: 'changed' })
        .where(eq(t.collectionContacts.id, called.body.id)),
    ).rejects.toThrow();
    await expect(
      db().delete(t.collectionContacts).where(eq(t.collectionContacts.id, called.body.id)),
    ).rejects.toThrow();

    // A promise above what is owed is refused; one of RM100 in three days is kept once paid.
    on(today);
    officer = await staff(['CREDIT_OFFICER']);
    const tooMuch = await call('POST', COLLECTION_PATHS.promises(agreement.id), {
      token: officer.token,
      body: { amountSen: 99_999_999, promisedFor: addDays(today, 3), channel: 'CALL' },
    });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([400, 'PROMISE_REFUSED']);
    const promised = await call('POST', COLLECTION_PATHS.promises(agreement.id), {
      token: officer.token,
      body: { amountSen: 10_000, promisedFor: addDays(today, 3), channel: 'CALL' },
    });
    expect(promised.status).toBe(200);
    expect(promised.body.items[0]).toMatchObject({ status: 'OPEN', amountSen: 10_000 });
    const pay = (amountSen: number, ref: string) =>
      app.app.repayments.applyPayment({
        agreementId: agreement.id,
        amountSen,
        channel: 'FPX',
        externalRef: `${ref}-${agreement.id}`,
        paidAt: clock.now(),
        actor: 'gateway:test',
      });
    on(addDays(today, 2));
    await pay(10_000, 'PROMISE-1');
    await app.app.collections.runDaily();
    officer = await staff(['CREDIT_OFFICER']);
    const kept = await call('GET', COLLECTION_PATHS.work(agreement.id), { token: officer.token });
    expect(kept.body.promises[0].status).toBe('KEPT');
    expect(kept.body.promises[0].history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'OPEN',
      'KEPT',
    ]);

    // A second promise passes its day unpaid: broken, and the case's next action is a call.
    const second = await call('POST', COLLECTION_PATHS.promises(agreement.id), {
      token: officer.token,
      body: { amountSen: 20_000, promisedFor: addDays(today, 4), channel: 'MESSAGE' },
    });
    expect(second.status).toBe(200);
    on(addDays(today, 5));
    await app.app.collections.runDaily();
    officer = await staff(['CREDIT_OFFICER']);
    work = await call('GET', COLLECTION_PATHS.work(agreement.id), { token: officer.token });
    expect(work.body.promises[0]).toMatchObject({ status: 'BROKEN', closedOn: addDays(today, 5) });
    expect([work.body.nextAction, work.body.nextActionOn]).toEqual(['CALL', addDays(today, 5)]);

    // The second due date passes: ready for default. A default notice the day an arrears
    // notice went is a second letter that day: refused; the next day it goes.
    today = addDays(due(2), 1);
    on(today);
    await app.app.jobs.runDue();
    officer = await staff(['CREDIT_OFFICER']);
    const sameDay = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: officer.token,
      body: { warningDays: 14 },
    });
    expect([sameDay.status, sameDay.body.code]).toEqual([409, 'CONTACT_REFUSED']);
    today = addDays(today, 1);
    on(today);
    officer = await staff(['CREDIT_OFFICER']);
    const notice = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: officer.token,
      body: { warningDays: 14 },
    });
    expect(notice.status).toBe(200);
    // The case's next step follows the notice at once: termination, from the day after its end.
    work = await call('GET', COLLECTION_PATHS.work(agreement.id), { token: officer.token });
    expect([work.body.nextAction, work.body.nextActionOn]).toEqual([
      'PROPOSE_TERMINATION',
      work.body.terminationFrom,
    ]);
    expect(work.body.terminationFrom > today).toBe(true);

    // Until the notice's day to pay has passed, termination is refused.
    const admin = await staff(['ADMIN']);
    const early = await call('POST', COLLECTION_PATHS.proposeTermination(agreement.id), {
      token: admin.token,
      body: { reason: 'Arrears not paid after notice' },
    });
    expect([early.status, early.body.code]).toEqual([409, 'TERMINATION_REFUSED']);

    // The day after: one person proposes, the same may not approve, another does.
    today = addDays(today, 15);
    on(today);
    await app.app.jobs.runDue();
    officer = await staff(['CREDIT_OFFICER']);
    const proposer = await staff(['ADMIN']);
    const checker = await staff(['APPROVER']);
    work = await call('GET', COLLECTION_PATHS.work(agreement.id), { token: proposer.token });
    expect(work.body).toMatchObject({ nextAction: 'PROPOSE_TERMINATION', terminationFrom: today });
    expect(work.body.actions.proposeTermination).toEqual({ allowed: true });
    const expectedBalance = work.body.terminationBalanceSen;
    const proposed = await call('POST', COLLECTION_PATHS.proposeTermination(agreement.id), {
      token: proposer.token,
      body: { reason: 'Arrears not paid after notice' },
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ status: 'PROPOSED', balanceSen: null });
    expect(proposed.body.actions.decide).toEqual({ allowed: false, reason: 'sameStaff' });
    const self = await call('POST', COLLECTION_PATHS.approveTermination(proposed.body.id), {
      token: proposer.token,
      body: {},
    });
    expect([self.status, self.body.code]).toEqual([403, 'TERMINATION_SAME_STAFF']);
    const byOfficer = await call('POST', COLLECTION_PATHS.approveTermination(proposed.body.id), {
      token: officer.token,
      body: {},
    });
    expect(byOfficer.status).toBe(403);
    expect((await accountOf(agreement.id)).status).toBe('ACTIVE');
    const approvedTermination = await call(
      'POST',
      COLLECTION_PATHS.approveTermination(proposed.body.id),
      {
        token: checker.token,
        body: { note: 'Checked the notice and the arrears' },
      },
    );
    expect(approvedTermination.status).toBe(200);
    const figures = approvedTermination.body;
    expect(figures).toMatchObject({
      status: 'APPROVED',
      businessDate: today,
      balanceSen: expectedBalance,
    });
    expect(figures.balanceSen).toBe(
      figures.unpaidPrincipalSen + figures.earnedInterestSen + figures.lateChargesSen,
    );
    expect(figures.lateChargesSen).toBeGreaterThan(0);
    expect(figures.interestForgoneSen).toBeGreaterThan(0);

    // The account is TERMINATED, every instalment due now, the whole balance payable.
    expect((await accountOf(agreement.id)).status).toBe('TERMINATED');
    const owed = await app.app.repayments.amountDueNow(agreement.id);
    expect(owed.dueNowSen).toBe(figures.balanceSen);
    const schedules = await db()
      .select()
      .from(t.repaymentSchedules)
      .where(eq(t.repaymentSchedules.accountId, account.id));
    expect(schedules.map((row) => row.version).sort()).toEqual([1, 2]);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.action, 'account.terminated'),
          eq(t.auditLog.entity, `loan-account:${account.id}`),
        ),
      );
    expect(audit).toEqual([
      expect.objectContaining({
        fromStatus: 'ACTIVE',
        toStatus: 'TERMINATED',
        actor: `staff:${checker.id}`,
      }),
    ]);

    // The termination letter in Malay, emailed after commit; the statement and home card say so.
    const [letter] = await db()
      .select()
      .from(t.collectionLetters)
      .where(
        and(
          eq(t.collectionLetters.agreementId, agreement.id),
          eq(t.collectionLetters.kind, 'TERMINATION'),
        ),
      );
    expect(letter).toMatchObject({ language: 'MS', issuedBy: `staff:${checker.id}` });
    expect(letter!.emailedAt).not.toBeNull();
    // Addressed to the borrower as its agreement names it: the sole proprietor trading as the
    // business, not the first name the person signed up with.
    const pdf = await app.app.inject({
      method: 'GET',
      url: COLLECTION_PATHS.staffLetter(letter!.id),
      headers: { authorization: `Bearer ${checker.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'termination-'));
    fs.writeFileSync(path.join(dir, 'letter.pdf'), pdf.rawPayload);
    const letterText = execFileSync('pdftotext', ['-raw', path.join(dir, 'letter.pdf'), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
    fs.rmSync(dir, { recursive: true, force: true });
    expect(letterText).toContain('Aminah t/a Kedai Runcit Aminah');
    const [person] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.id, approved.applicant.userId));
    expect(letterText).not.toContain(person!.firstName);
    const mail = await db()
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.recipient, approved.applicant.email));
    expect(mail.map((m) => m.subject)).toContain(
      `Notis penamatan: perjanjian ${agreement.agreementNo}`,
    );
    const statement = await app.app.accounts.statementOf(agreement.id);
    expect(statement.status).toBe('TERMINATED');
    const ended = statement.statement.entries.find((e) => e.kind === 'TERMINATION')!;
    expect([ended.date, ended.amountSen]).toEqual([today, figures.balanceSen]);
    const token = await signIn(approved.applicant);
    const home = await call('GET', LOAN_STATUS_PATHS.home, { token });
    expect(home.body.status).toMatchObject({ state: 'PAYMENT_DISBURSED', accountTerminated: true });

    // The borrower reads what was sent to them, never a call's note; nobody else reads it.
    const messages = await call('GET', COLLECTION_PATHS.messages(agreement.id), { token });
    expect(messages.status).toBe(200);
    const kinds = messages.body.items.map((m: { kind: string }) => m.kind);
    expect(kinds[0]).toBe('TERMINATION_NOTICE');
    expect(kinds).toEqual(expect.arrayContaining(['DEFAULT_NOTICE', 'ARREARS_NOTICE']));
    expect(kinds).not.toContain('CALL');
    expect(messages.body.items[0]).not.toHaveProperty('actor');
    const other = await call('GET', COLLECTION_PATHS.messages(agreement.id), {
      token: await signIn(stranger.applicant),
    });
    expect([other.status, other.body.code]).toEqual([404, 'LOAN_ACCOUNT_NOT_FOUND']);
    expect(
      (await call('GET', COLLECTION_PATHS.messages(agreement.id), { token: checker.token })).status,
    ).toBe(403);

    // No late charge runs on a terminated balance; paying it closes the account.
    on(addDays(today, 10));
    await app.app.jobs.runDue();
    expect((await app.app.repayments.amountDueNow(agreement.id)).dueNowSen).toBe(
      figures.balanceSen,
    );
    await pay(figures.balanceSen, 'TERMINATED-BALANCE');
    expect((await accountOf(agreement.id)).status).toBe('CLOSED');

    // The evidence pack carries the contact log as it was written.
    const pack = await app.app.inject({
      method: 'GET',
      url: EVIDENCE_PATHS.pack(approved.applicationId),
      headers: { authorization: `Bearer ${(await staff(['ADMIN'])).token}` },
    });
    expect(pack.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(pack.rawPayload));
    const packed = JSON.parse(Buffer.from(entries['collections.json']!).toString('utf8'));
    expect(packed.contactLog.map((c: { kind: string }) => c.kind)).toEqual(
      expect.arrayContaining(['ARREARS_NOTICE', 'CALL', 'DEFAULT_NOTICE', 'TERMINATION_NOTICE']),
    );
    expect(packed.terminations[0]).toMatchObject({
      status: 'APPROVED',
      balanceSen: figures.balanceSen,
    });
  });
});
