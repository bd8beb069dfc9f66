import { MANDATE_PATHS, OFFER_PATHS } from '@lending/contracts';
import { instalmentSchedule } from '@lending/domain';
import { eq } from 'drizzle-orm';

import { sandboxEmandate } from '../../adapters/emandate/sandbox';
import {
  createSandboxCollectionStore,
  createSandboxEmandateStore,
} from '../../adapters/emandate/sandbox-store';
import { createSealer } from '../../crypto/sealed';
import * as t from '../../db/schema';
import { systemClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';
import { createAgreementService } from '../agreements/service';
import { createAgreementStore } from '../agreements/store';
import { createTemplates } from '../master-setup/service';
import { createMasterSetupStore } from '../master-setup/store';
import { createMandateService } from './service';
import { createMandateStore } from './store';

const PAYER = {
  payerName: 'Siti Aminah binti Abdullah',
  payerIdType: 'NRIC',
  payerIdNo: '900101-14-5678',
  bankCode: 'MB2U0227',
  accountNo: '5123 4567 8901',
} as const;

describe.each(databases('concurrency'))('direct debit mandates (%s)', (kind) => {
  const { it, everywhere } = testsOn(kind);
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind);
    call = caller(app.app);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  async function bank(authorisationUrl: string, decision: 'approve' | 'reject') {
    const response = await app.app.inject({
      method: 'POST',
      url: new URL(authorisationUrl).pathname,
      headers: { accept: 'application/json' },
      payload: { decision },
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  const register = (token: string, agreementId: string, body: object = PAYER) =>
    call('POST', MANDATE_PATHS.directDebit(agreementId), { token, body });
  const read = (token: string, agreementId: string) =>
    call('GET', MANDATE_PATHS.directDebit(agreementId), { token });
  const agreementStatus = async (id: string) =>
    (await createAgreementStore(db()).agreement(id)).status;
  const history = async (mandateId: string) =>
    (
      await db()
        .select()
        .from(t.mandateStatusHistory)
        .where(eq(t.mandateStatusHistory.mandateId, mandateId))
        .orderBy(t.mandateStatusHistory.id)
    ).map((row) => `${row.fromStatus ?? ''}>${row.toStatus}`);

  it('registers a mandate on the agreement’s own figures, sealed, and waits for the bank', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'ATTESTATIONCOMPLETED');
    const token = approved.applicant.token;
    const before = await read(token, agreement.id);
    expect(before.status).toBe(200);
    expect(before.body.mandate).toBeNull();
    expect(before.body.canRegister).toBe(true);
    const schedule = instalmentSchedule({
      principalSen: agreement.amountSen,
      tenureMonths: agreement.tenureMonths,
      annualRateBp: agreement.annualRateBp,
    });
    expect(before.body.terms.maxAmountSen).toBe(
      Math.max(schedule.monthlyInstalmentSen, schedule.lastInstalmentSen),
    );
    expect(before.body.terms.frequency).toBe('MONTHLY');

    const created = await register(token, agreement.id);
    expect(created.status).toBe(201);
    expect(created.body.mandate).toMatchObject({
      status: 'PENDING_AUTH',
      bankName: 'Maybank',
      accountLast4: '8901',
      referenceNo: `${agreement.agreementNo}-DD01`,
      maxAmountSen: before.body.terms.maxAmountSen,
    });
    expect(created.body.authorisationUrl).toMatch(/\/api\/sandbox\/emandate\/[\w-]{20,}$/);
    const [row] = await db()
      .select()
      .from(t.mandates)
      .where(eq(t.mandates.agreementId, agreement.id));
    expect(row!.accountNoSealed).not.toContain('512345678901');
    expect(row!.payerIdNoSealed).not.toContain('900101145678');
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `mandate:${row!.id}`));
    expect(audit.map((entry) => entry.action)).toEqual(['mandate.registered']);
    expect(JSON.stringify(audit)).not.toContain('512345678901');
    // Nothing moved yet: the agreement is not reviewed and the mandate not active.
    expect(await agreementStatus(agreement.id)).toBe('ATTESTATIONCOMPLETED');
    expect((await read(token, agreement.id)).body.active).toBe(false);
  });

  it('shows the bank page, then activates on approval and moves a reviewed agreement to signing', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'RnRApproved');
    const token = approved.applicant.token;
    const created = await register(token, agreement.id);
    const path = new URL(created.body.authorisationUrl as string).pathname;
    const page = await app.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${agreement.agreementNo}-DD01`);
    expect(page.body).toContain('**** 8901');
    expect(page.body).toContain('Approve');

    // The page's own form: a plain urlencoded post.
    const answered = await app.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('/loan-status/direct-debit?agreementId=');

    const after = await read(token, agreement.id);
    expect(after.body.mandate.status).toBe('ACTIVE');
    expect(after.body.active).toBe(true);
    expect(await history(created.body.mandate.id)).toEqual([
      '>PENDING_AUTH',
      'PENDING_AUTH>AUTHORISED',
      'AUTHORISED>ACTIVE',
    ]);
    expect(await agreementStatus(agreement.id)).toBe('PENDING_SIGNING');
    const moves = await createAgreementStore(db()).history(agreement.id);
    expect(moves.at(-1)).toMatchObject({ toStatus: 'PENDING_SIGNING', actor: 'system:mandates' });
    // The link is single use.
    expect((await bank(created.body.authorisationUrl, 'reject')).status).toBe(410);
  });

  it('moves the agreement on when the review finishes after the mandate became active', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'ATTESTATIONCOMPLETED');
    const created = await register(approved.applicant.token, agreement.id);
    expect((await bank(created.body.authorisationUrl, 'approve')).body.decision).toBe('APPROVED');
    expect(await agreementStatus(agreement.id)).toBe('ATTESTATIONCOMPLETED');

    // The staff review goes through the agreement service the mandates listen to.
    const agreements = createAgreementService({
      store: createAgreementStore(db()),
      clock: systemClock,
      templates: createTemplates(createMasterSetupStore(db())),
    });
    const mandates = createMandateService({
      db: db(),
      store: createMandateStore(db()),
      agreements,
      provider: sandboxEmandate({
        store: createSandboxEmandateStore(db()),
        collections: createSandboxCollectionStore(db()),
        clock: systemClock,
        publicUrl: () => 'http://localhost',
      }),
      sealer: createSealer(Buffer.alloc(32, 7)),
      clock: systemClock,
      publicUrl: () => 'http://localhost',
    });
    expect(await mandates.activeFor(agreement.id)).toBe(true);
    await agreements.changeStatus({
      agreementId: agreement.id,
      to: 'RnRApproved',
      actor: 'staff',
      actorRef: 'staff:test',
    });
    expect(await agreementStatus(agreement.id)).toBe('PENDING_SIGNING');
    const moves = (await agreements.history(agreement.id)).map((row) => row.toStatus);
    expect(moves.slice(-2)).toEqual(['RnRApproved', 'PENDING_SIGNING']);
  });

  it('keeps a reviewed agreement waiting when the bank rejects, and records why', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'RnRApproved');
    const token = approved.applicant.token;
    const created = await register(token, agreement.id);
    expect((await bank(created.body.authorisationUrl, 'reject')).body.decision).toBe('REJECTED');
    const after = await read(token, agreement.id);
    expect(after.body.mandate.status).toBe('REJECTED');
    expect(after.body.mandate.bankMessage).toMatch(/rejected/i);
    expect(after.body.active).toBe(false);
    expect(await agreementStatus(agreement.id)).toBe('RnRApproved');
    // Signing is refused by the machine while no mandate is active.
    await expect(
      createAgreementStore(db()).changeStatus({
        agreementId: agreement.id,
        to: 'PENDING_SIGNING',
        actor: 'system',
        actorRef: 'system:test',
        mandateActive: false,
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'STATUS_CHANGE_REFUSED' });
    // A rejected mandate is final: the bank cannot be asked again on the same link.
    expect((await bank(created.body.authorisationUrl, 'approve')).status).toBe(410);
    // Setting it up again works.
    const again = await register(token, agreement.id);
    expect(again.body.mandate.referenceNo).toBe(`${agreement.agreementNo}-DD02`);
    await bank(again.body.authorisationUrl, 'approve');
    expect(await agreementStatus(agreement.id)).toBe('PENDING_SIGNING');
  });

  it('replaces an active mandate: the old one ends, here and at the bank', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const token = approved.applicant.token;
    const first = await register(token, agreement.id);
    await bank(first.body.authorisationUrl, 'approve');
    expect((await read(token, agreement.id)).body.mandate.status).toBe('ACTIVE');

    const second = await register(token, agreement.id, {
      ...PAYER,
      bankCode: 'PBB0233',
      accountNo: '3111222233',
    });
    expect(second.status).toBe(201);
    const [old] = await db()
      .select()
      .from(t.mandates)
      .where(eq(t.mandates.id, first.body.mandate.id));
    expect(old).toMatchObject({
      status: 'TERMINATED',
      replacedBy: second.body.mandate.id,
      bankMessage: 'Replaced by a new direct debit mandate',
    });
    expect(await history(old!.id)).toEqual([
      '>PENDING_AUTH',
      'PENDING_AUTH>AUTHORISED',
      'AUTHORISED>ACTIVE',
      'ACTIVE>TERMINATED',
    ]);
    const [atBank] = await db()
      .select()
      .from(t.emandateSandboxRequests)
      .where(eq(t.emandateSandboxRequests.id, old!.providerRef));
    expect(atBank!.terminatedAt).not.toBeNull();
    // Until the new one is authorised there is no active mandate to sign on.
    const view = await read(token, agreement.id);
    expect(view.body.mandate).toMatchObject({ status: 'PENDING_AUTH', bankName: 'Public Bank' });
    expect(view.body.active).toBe(false);
    const live = await db()
      .select()
      .from(t.mandates)
      .where(eq(t.mandates.agreementId, agreement.id));
    expect(live.filter((row) => row.status !== 'TERMINATED')).toHaveLength(1);
    // A pending mandate replaced before the payer answered: its link no longer works.
    const third = await register(token, agreement.id, PAYER);
    expect((await bank(second.body.authorisationUrl, 'approve')).status).toBe(410);
    await bank(third.body.authorisationUrl, 'approve');
    expect((await read(token, agreement.id)).body.active).toBe(true);
  });

  it('ends the mandate, here and at the bank, when the borrower cancels the agreement', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const token = approved.applicant.token;
    const registered = await register(token, agreement.id);
    await bank(registered.body.authorisationUrl, 'approve');
    expect((await read(token, agreement.id)).body.active).toBe(true);
    const { version } = await createAgreementStore(db()).agreement(agreement.id);

    const cancelled = await call('POST', OFFER_PATHS.decline(agreement.id), {
      token,
      body: { version, reason: 'Business plans changed' },
    });
    expect(cancelled.status).toBe(200);
    expect(await agreementStatus(agreement.id)).toBe('CANCELLED');
    const [ended] = await db()
      .select()
      .from(t.mandates)
      .where(eq(t.mandates.id, registered.body.mandate.id));
    expect(ended).toMatchObject({
      status: 'TERMINATED',
      bankMessage: 'The loan agreement was cancelled',
    });
    expect(await history(ended!.id)).toContain('ACTIVE>TERMINATED');
    const [atBank] = await db()
      .select()
      .from(t.emandateSandboxRequests)
      .where(eq(t.emandateSandboxRequests.id, ended!.providerRef));
    expect(atBank!.terminatedAt).not.toBeNull();
  });

  it('refuses a mandate before acceptance and after cancellation, and bad input', async () => {
    const offered = await approvedApplicant(db(), call);
    const fresh = await agreementAt(db(), offered);
    const refused = await register(offered.applicant.token, fresh.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MANDATE_NOT_ALLOWED');
    expect((await read(offered.applicant.token, fresh.id)).body.canRegister).toBe(false);

    const cancelledOf = await approvedApplicant(db(), call);
    const cancelled = await agreementAt(db(), cancelledOf, 'CANCELLED');
    expect((await register(cancelledOf.applicant.token, cancelled.id)).body.code).toBe(
      'MANDATE_NOT_ALLOWED',
    );

    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'ATTESTATIONCOMPLETED');
    const token = approved.applicant.token;
    const unknownBank = await register(token, agreement.id, { ...PAYER, bankCode: 'NOPE0001' });
    expect(unknownBank.status).toBe(400);
    expect(unknownBank.body.code).toBe('MANDATE_BANK_UNKNOWN');
    const badNric = await register(token, agreement.id, { ...PAYER, payerIdNo: '901301145678' });
    expect(badNric.status).toBe(400);
    const badAccount = await register(token, agreement.id, { ...PAYER, accountNo: '12ab' });
    expect(badAccount.status).toBe(400);
    expect(
      await db().select().from(t.mandates).where(eq(t.mandates.agreementId, agreement.id)),
    ).toEqual([]);
  });

  it('hides one applicant’s direct debit from another, and from callers not signed in', async () => {
    const owner = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), owner, 'ATTESTATIONCOMPLETED');
    await register(owner.applicant.token, agreement.id);
    const other = await approvedApplicant(db(), call);
    const read404 = await read(other.applicant.token, agreement.id);
    expect(read404.status).toBe(404);
    expect(read404.body.code).toBe('AGREEMENT_NOT_FOUND');
    const write404 = await register(other.applicant.token, agreement.id);
    expect(write404.status).toBe(404);
    expect((await read('', agreement.id)).status).toBe(401);
    const mandates = await db()
      .select()
      .from(t.mandates)
      .where(eq(t.mandates.agreementId, agreement.id));
    expect(mandates).toHaveLength(1);
  });

  it('ends a mandate the payer never authorised in time', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'RnRApproved');
    const created = await register(approved.applicant.token, agreement.id);
    const [row] = await db()
      .select()
      .from(t.mandates)
      .where(eq(t.mandates.id, created.body.mandate.id));
    await db()
      .update(t.emandateSandboxRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.emandateSandboxRequests.id, row!.providerRef));
    const after = await read(approved.applicant.token, agreement.id);
    expect(after.body.mandate).toMatchObject({
      status: 'TERMINATED',
      bankMessage: 'The bank authorisation was not completed in time',
    });
    expect((await bank(created.body.authorisationUrl, 'approve')).status).toBe(410);
    expect(await agreementStatus(agreement.id)).toBe('RnRApproved');
  });

  it('refuses every change the mandate machine does not allow', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'ATTESTATIONCOMPLETED');
    const created = await register(approved.applicant.token, agreement.id);
    await bank(created.body.authorisationUrl, 'reject');
    const store = createMandateStore(db());
    const id = created.body.mandate.id as string;
    const attempt = (to: 'AUTHORISED' | 'ACTIVE' | 'TERMINATED', actor: 'applicant' | 'system') =>
      db().transaction(async (tx) =>
        store.changeStatus(tx, (await store.lock(tx, id))!, {
          to,
          actor,
          actorRef: actor === 'system' ? 'system:test' : `user:${approved.applicant.userId}`,
          at: new Date(),
        }),
      );
    for (const to of ['AUTHORISED', 'ACTIVE', 'TERMINATED'] as const) {
      await expect(attempt(to, 'system')).rejects.toMatchObject({
        statusCode: 409,
        code: 'STATUS_CHANGE_REFUSED',
      });
    }
    const again = await register(approved.applicant.token, agreement.id);
    const pending = again.body.mandate.id as string;
    const applicantAuthorises = db().transaction(async (tx) =>
      store.changeStatus(tx, (await store.lock(tx, pending))!, {
        to: 'AUTHORISED',
        actor: 'applicant',
        actorRef: `user:${approved.applicant.userId}`,
        at: new Date(),
      }),
    );
    await expect(applicantAuthorises).rejects.toMatchObject({ code: 'STATUS_CHANGE_REFUSED' });
    const skipsAuthorisation = db().transaction(async (tx) =>
      store.changeStatus(tx, (await store.lock(tx, pending))!, {
        to: 'ACTIVE',
        actor: 'system',
        actorRef: 'system:test',
        at: new Date(),
      }),
    );
    await expect(skipsAuthorisation).rejects.toMatchObject({ code: 'STATUS_CHANGE_REFUSED' });
    expect((await store.byId(pending))!.status).toBe('PENDING_AUTH');
    expect(await history(id)).toEqual(['>PENDING_AUTH', 'PENDING_AUTH>REJECTED']);
  });

  everywhere('keeps one live mandate when two registrations race', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'ATTESTATIONCOMPLETED');
    const answers = await Promise.all([
      register(approved.applicant.token, agreement.id),
      register(approved.applicant.token, agreement.id),
    ]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    const rows = await db()
      .select()
      .from(t.mandates)
      .where(eq(t.mandates.agreementId, agreement.id));
    expect(rows.filter((row) => row.status === 'PENDING_AUTH')).toHaveLength(1);
  });

  it('answers an unknown bank link with 404', async () => {
    const page = await app.app.inject({
      method: 'GET',
      url: MANDATE_PATHS.sandboxBank('x'.repeat(43)),
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('not valid');
  });
});
