import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { createAgreementStore } from './store';

describe.each(databases())('agreements core (%s)', (kind) => {
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind);
    call = caller(app.app);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  it('creates one agreement per approved application, numbered, with history and audit', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved);
    expect(agreement.status).toBe('LOANAPPLICATIONAPPROVED');
    expect(agreement.agreementNo).toMatch(/^AGR-AC-\d{4}-\d{6}$/);
    expect(agreement.amountSen).toBe(1_000_000);
    const again = await agreementAt(db(), approved);
    expect(again.id).toBe(agreement.id);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `agreement:${agreement.id}`));
    expect(audit.map((row) => row.action)).toEqual(['agreement.created']);
  });

  it('moves only along the machine, bumping the version, and refuses a stale version', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'ATTESTATIONCOMPLETED');
    const store = createAgreementStore(db());
    await expect(
      store.changeStatus({
        agreementId: agreement.id,
        to: 'PENDING_SIGNING',
        actor: 'system',
        actorRef: 'system:test',
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'STATUS_CHANGE_REFUSED' });
    await expect(
      store.changeStatus({
        agreementId: agreement.id,
        to: 'RnRApproved',
        actor: 'staff',
        actorRef: 'staff:test',
        expectedVersion: agreement.version - 1,
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'AGREEMENT_CHANGED' });
    const moved = await store.changeStatus({
      agreementId: agreement.id,
      to: 'RnRApproved',
      actor: 'staff',
      actorRef: 'staff:test',
      expectedVersion: agreement.version,
    });
    expect(moved).toEqual({
      from: 'ATTESTATIONCOMPLETED',
      to: 'RnRApproved',
      version: agreement.version + 1,
    });
    const history = await store.history(agreement.id);
    expect(history.map((row) => row.toStatus).slice(-2)).toEqual([
      'ATTESTATIONCOMPLETED',
      'RnRApproved',
    ]);
  });

  it('runs listeners inside the change: what they throw undoes it', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved);
    const store = createAgreementStore(db());
    const seen: string[] = [];
    store.onStatusChanged(async (_tx, event) => {
      seen.push(`${event.from}>${event.to}:${event.agreement.status}`);
      if (event.to === 'CANCELLED') throw new Error('refused by a listener');
    });
    await store.changeStatus({
      agreementId: agreement.id,
      to: 'PENDING_ATTESTATION',
      actor: 'applicant',
      actorRef: 'user:test',
    });
    await expect(
      store.changeStatus({
        agreementId: agreement.id,
        to: 'CANCELLED',
        actor: 'applicant',
        actorRef: 'user:test',
      }),
    ).rejects.toThrow('refused by a listener');
    expect(seen).toEqual([
      'LOANAPPLICATIONAPPROVED>PENDING_ATTESTATION:PENDING_ATTESTATION',
      'PENDING_ATTESTATION>CANCELLED:CANCELLED',
    ]);
    expect((await store.agreement(agreement.id)).status).toBe('PENDING_ATTESTATION');
  });
});
