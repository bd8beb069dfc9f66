import {
  APPLICATION_PATHS,
  DECISION_PATHS,
  LOAN_STATUS_PATHS,
  OFFER_PATHS,
} from '@lending/contracts';
import { and, desc, eq } from 'drizzle-orm';

import { agreements, applications, auditLog, outbox } from '../../db/schema';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import {
  applicant,
  pendingApplication,
  type StaffMember,
  staffMember,
  versionOf,
} from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

type Role = 'ADMIN' | 'CREDIT_OFFICER' | 'APPROVER' | 'CUSTOMER_SERVICE';
const ROLES: Role[] = ['ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE'];

describe.each(databases())('cancelling an application from its file on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  const staff = {} as Record<Role, StaffMember>;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    for (const role of ROLES) staff[role] = await staffMember(t.db.orm, call, [role]);
  });
  afterAll(() => t.close());

  const db = () => t.db.orm;
  const cancel = async (who: StaffMember, id: string, reason = 'The applicant asked us to') =>
    call('PATCH', APPLICATION_PATHS.adminCancel(id), {
      token: who.token,
      body: { reason, version: await versionOf(db(), id) },
    });
  const application = async (id: string) =>
    (await db().select().from(applications).where(eq(applications.id, id)))[0]!;
  const agreement = async (id: string) =>
    (await db().select().from(agreements).where(eq(agreements.id, id)))[0]!;

  it('refuses every role but ADMIN, and cancels a pending file with a notice in the applicant language', async () => {
    const person = await applicant(call, 'MS');
    const id = await pendingApplication(db(), person.userId);
    for (const role of ['CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE'] as const) {
      const refused = await cancel(staff[role], id);
      expect(refused.status).toBe(403);
    }
    expect((await application(id)).status).toBe('PENDING');

    const done = await cancel(staff.ADMIN, id, '  Duplicate of an earlier file ');
    expect(done).toMatchObject({
      status: 200,
      body: { decision: 'CANCEL', from: 'PENDING', status: 'CANCELLED' },
    });
    expect((await application(id)).cancelledAt).toBeInstanceOf(Date);

    const mail = await db().select().from(outbox).where(eq(outbox.recipient, person.email));
    expect(mail.find((row) => row.subject === 'Permohonan anda telah dibatalkan')?.body).toContain(
      'telah dibatalkan',
    );
    const sms = await db().select().from(outbox).where(eq(outbox.recipient, person.phoneNo));
    expect(sms.some((row) => row.channel === 'sms' && row.body.includes('dibatalkan'))).toBe(true);

    // The applicant sees it cancelled at home and in the loan history.
    const home = await call('GET', LOAN_STATUS_PATHS.home, { token: person.token });
    expect(home.body).toMatchObject({
      status: { state: 'REMOVED' },
      application: { id, status: 'CANCELLED' },
    });
    const history = await call('GET', LOAN_STATUS_PATHS.history, { token: person.token });
    expect(history.body.data[0]).toMatchObject({ id, status: 'CANCELLED' });
  });

  it('answers a stale version with 409 and changes nothing', async () => {
    const person = await applicant(call);
    const id = await pendingApplication(db(), person.userId);
    const version = await versionOf(db(), id);
    const stale = await call('PATCH', APPLICATION_PATHS.adminCancel(id), {
      token: staff.ADMIN.token,
      body: { reason: 'Duplicate', version: version - 1 },
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'APPLICATION_CHANGED']);
    expect(await application(id)).toMatchObject({ status: 'PENDING', version });
  });

  it('answers an unknown application with 404', async () => {
    const answer = await call(
      'PATCH',
      APPLICATION_PATHS.adminCancel('00000000-0000-4000-8000-000000000000'),
      { token: staff.ADMIN.token, body: { reason: 'Duplicate', version: 1 } },
    );
    expect(answer.status).toBe(404);
  });

  it('cancels an approved application with its unsigned agreement, in one go', async () => {
    const approved = await approvedApplicant(db(), call);
    const open = await agreementAt(db(), approved, 'ATTESTATIONOPTION');
    const options = await call('GET', DECISION_PATHS.options(approved.applicationId), {
      token: staff.ADMIN.token,
    });
    expect(options.body.decisions).toContainEqual({ decision: 'CANCEL', allowed: true });

    const done = await cancel(staff.ADMIN, approved.applicationId, 'Borrower withdrew by phone');
    expect(done).toMatchObject({ status: 200, body: { from: 'APPROVED', status: 'CANCELLED' } });
    expect(await agreement(open.id)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Borrower withdrew by phone',
    });
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, `agreement:${open.id}`),
          eq(auditLog.action, 'agreement.status_changed'),
        ),
      )
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(row).toMatchObject({
      actor: `staff:${staff.ADMIN.id}`,
      fromStatus: 'ATTESTATIONOPTION',
      toStatus: 'CANCELLED',
      reason: 'Borrower withdrew by phone',
    });
    const home = await call('GET', LOAN_STATUS_PATHS.home, { token: approved.applicant.token });
    expect(home.body.status.state).toBe('REMOVED');
  });

  it('refuses an approved application once its agreement is signed, leaving both as they were', async () => {
    const approved = await approvedApplicant(db(), call);
    const signed = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const options = await call('GET', DECISION_PATHS.options(approved.applicationId), {
      token: staff.ADMIN.token,
    });
    expect(options.body.decisions).toContainEqual({
      decision: 'CANCEL',
      allowed: false,
      reason: 'wrongStatus',
    });
    const refused = await cancel(staff.ADMIN, approved.applicationId);
    expect([refused.status, refused.body.code]).toEqual([409, 'STATUS_CHANGE_REFUSED']);
    expect((await application(approved.applicationId)).status).toBe('APPROVED');
    expect((await agreement(signed.id)).status).toBe('PENDING_DISBURSEMENT');
  });

  it('cancels an approved application whose offer the borrower already declined', async () => {
    const approved = await approvedApplicant(db(), call);
    const declined = await agreementAt(db(), approved, 'CANCELLED');
    const done = await cancel(staff.ADMIN, approved.applicationId);
    expect(done.body).toMatchObject({ from: 'APPROVED', status: 'CANCELLED' });
    expect((await agreement(declined.id)).status).toBe('CANCELLED');
  });

  describe('the borrower cancelling the agreement before signing', () => {
    const cancelOwn = (token: string, id: string, version: number) =>
      call('POST', OFFER_PATHS.decline(id), {
        token,
        body: { version, reason: 'Business plans changed' },
      });

    it('ends an accepted agreement up to signing, audited, and only their own', async () => {
      const approved = await approvedApplicant(db(), call);
      const open = await agreementAt(db(), approved, 'PENDING_SIGNING');
      const other = await approvedApplicant(db(), call);
      const intruder = await cancelOwn(other.applicant.token, open.id, open.version);
      expect([intruder.status, intruder.body.code]).toEqual([404, 'AGREEMENT_NOT_FOUND']);
      const asStaff = await cancelOwn(staff.ADMIN.token, open.id, open.version);
      expect(asStaff.status).toBe(403);
      const stale = await cancelOwn(approved.applicant.token, open.id, open.version - 1);
      expect([stale.status, stale.body.code]).toEqual([409, 'AGREEMENT_CHANGED']);
      expect((await agreement(open.id)).status).toBe('PENDING_SIGNING');

      const done = await cancelOwn(approved.applicant.token, open.id, open.version);
      expect(done).toMatchObject({ status: 200, body: { status: 'CANCELLED' } });
      const [row] = await db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, `agreement:${open.id}`),
            eq(auditLog.action, 'agreement.status_changed'),
          ),
        )
        .orderBy(desc(auditLog.at))
        .limit(1);
      expect(row).toMatchObject({
        actor: `user:${approved.applicant.userId}`,
        fromStatus: 'PENDING_SIGNING',
        toStatus: 'CANCELLED',
        reason: 'Business plans changed',
      });
      const home = await call('GET', LOAN_STATUS_PATHS.home, { token: approved.applicant.token });
      expect(home.body.status.state).toBe('REMOVED');
    });

    it('refuses once the agreement is signed', async () => {
      const approved = await approvedApplicant(db(), call);
      const signed = await agreementAt(db(), approved, 'AGREEMENTSIGNING');
      const refused = await cancelOwn(approved.applicant.token, signed.id, signed.version);
      expect([refused.status, refused.body.code]).toEqual([409, 'STATUS_CHANGE_REFUSED']);
      expect((await agreement(signed.id)).status).toBe('AGREEMENTSIGNING');
    });
  });
});
