// The officers a collection case may be given to: the back office's picker lists them, and the
// assignment accepts exactly them. Only their id and name are answered, never how to reach them.
import { COLLECTION_PATHS } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

describe.each(databases())('the officers a collection case may be assigned to (%s)', (kind) => {
  const clock = fixedClock(new Date());
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  /** A member of staff with a person's name (the test helper names them by their email). */
  async function named(name: string, roles: string[]): Promise<StaffMember & { name: string }> {
    const member = await staffMember(db(), call, roles);
    const full = `${name} ${process.pid}`;
    await db().update(t.staffUsers).set({ name: full }).where(eq(t.staffUsers.id, member.id));
    return { ...member, name: full };
  }

  it('lists active staff who work collections, by name, with their id and name only', async () => {
    const officer = await named('Nurul Officer', ['CREDIT_OFFICER']);
    const admin = await named('Azman Admin', ['ADMIN', 'APPROVER']);
    const approver = await named('Chong Approver', ['APPROVER']);
    const service = await named('Devi Service', ['CUSTOMER_SERVICE']);
    const finance = await named('Faizal Finance', ['FINANCE']);
    const gone = await named('Bala Gone', ['CREDIT_OFFICER']);
    await db()
      .update(t.staffUsers)
      .set({ disabledAt: new Date() })
      .where(eq(t.staffUsers.id, gone.id));

    const answer = await call('GET', COLLECTION_PATHS.caseOfficers, { token: officer.token });
    expect(answer.status).toBe(200);
    const items = answer.body.items as { id: string; name: string }[];
    expect(items).toContainEqual({ id: officer.id, name: officer.name });
    expect(items).toContainEqual({ id: admin.id, name: admin.name });
    const ids = items.map((item) => item.id);
    for (const refused of [approver, service, finance, gone]) expect(ids).not.toContain(refused.id);
    expect(ids.indexOf(admin.id)).toBeLessThan(ids.indexOf(officer.id));
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    expect(Object.keys(answer.body)).toEqual(['items']);
    for (const member of [officer, admin])
      expect(JSON.stringify(answer.body)).not.toContain(member.email);
  });

  it('answers only the staff who may assign a case', async () => {
    const approved = await approvedApplicant(db(), call, {});
    const refused = [
      (await staffMember(db(), call, ['CUSTOMER_SERVICE'])).token,
      (await staffMember(db(), call, ['APPROVER'])).token,
      (await staffMember(db(), call, ['FINANCE'])).token,
      approved.applicant.token,
    ];
    for (const token of refused) {
      const answer = await call('GET', COLLECTION_PATHS.caseOfficers, { token });
      expect([answer.status, answer.body.code, answer.body.items]).toEqual([
        403,
        'FORBIDDEN',
        undefined,
      ]);
    }
    const anonymous = await call('GET', COLLECTION_PATHS.caseOfficers);
    expect([anonymous.status, anonymous.body.items]).toEqual([401, undefined]);
    const admin = await staffMember(db(), call, ['ADMIN']);
    const allowed = await call('GET', COLLECTION_PATHS.caseOfficers, { token: admin.token });
    expect(allowed.body.items).toContainEqual(expect.objectContaining({ id: admin.id }));
  });

  it('assigns a case to another officer picked from the list, and refuses anyone not on it', async () => {
    const officer = await named('Hafiz Officer', ['CREDIT_OFFICER']);
    const colleague = await named('Intan Colleague', ['CREDIT_OFFICER']);
    const approver = await named('Jasmine Approver', ['APPROVER']);
    const approved = await approvedApplicant(db(), call, {});
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });

    const list = await call('GET', COLLECTION_PATHS.caseOfficers, { token: officer.token });
    const picked = (list.body.items as { id: string; name: string }[]).find(
      (item) => item.id === colleague.id,
    );
    expect(picked).toEqual({ id: colleague.id, name: colleague.name });

    const assigned = await call('PUT', COLLECTION_PATHS.caseAssignment(agreement.id), {
      token: officer.token,
      body: { assignedTo: picked!.id },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      assignedTo: colleague.id,
      assignedToName: colleague.name,
    });
    const read = await call('GET', COLLECTION_PATHS.work(agreement.id), { token: officer.token });
    expect(read.body).toMatchObject({ assignedTo: colleague.id, assignedToName: colleague.name });
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.action, 'collection.case_assigned'),
          eq(t.auditLog.actor, `staff:${officer.id}`),
        ),
      );
    expect(audit.map((row) => (row.detail as { assignedTo: string }).assignedTo)).toEqual([
      `staff:${colleague.id}`,
    ]);

    // Someone the list leaves out cannot be given the case either: the same rule decides both.
    await db()
      .update(t.staffUsers)
      .set({ disabledAt: new Date() })
      .where(eq(t.staffUsers.id, colleague.id));
    for (const assignedTo of [approver.id, colleague.id]) {
      const refused = await call('PUT', COLLECTION_PATHS.caseAssignment(agreement.id), {
        token: officer.token,
        body: { assignedTo },
      });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        400,
        'VALIDATION_FAILED',
        'No active staff member works collections under that id',
      ]);
    }
    const after = await call('GET', COLLECTION_PATHS.caseOfficers, { token: officer.token });
    expect(after.body.items.map((item: { id: string }) => item.id)).not.toContain(colleague.id);
    const unchanged = await call('GET', COLLECTION_PATHS.work(agreement.id), {
      token: officer.token,
    });
    expect(unchanged.body.assignedTo).toBe(colleague.id);
  });
});
