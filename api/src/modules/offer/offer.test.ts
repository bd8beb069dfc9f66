import {
  type AgreementView,
  LOAN_STATUS_PATHS,
  OFFER_PATHS,
  SETTINGS_PATHS,
} from '@lending/contracts';
import { approvedLoanSummary, DEFAULT_FEE_SETTINGS, loanProtectionPremium } from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { agreementAt, type ApprovedApplicant, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller, login, newPerson, register } from '../../testing/auth-helpers';
import {
  decideNow,
  FAIR_TERMS,
  pendingApplication,
  type StaffMember,
  staffMember,
} from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

/** Cover is sold for tenures of 20 to 24 months at 1.5% of the amount lent. */
const COVER = { minTenureMonths: 20, maxTenureMonths: 24, rateBp: 150 };
const COVERED_TERMS = FAIR_TERMS;
const UNCOVERED_TERMS = { ...FAIR_TERMS, tenureMonths: 18 };

const withoutCommission = (premium: ReturnType<typeof loanProtectionPremium>) => ({
  grossPremiumSen: premium.grossPremiumSen,
  serviceTaxSen: premium.serviceTaxSen,
  totalPremiumSen: premium.totalPremiumSen,
});

describe.each(databases())('the offer (%s)', (kind) => {
  let app: TestApp;
  let call: Caller;
  let admin: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind);
    call = caller(app.app);
    admin = await staffMember(db(), call, ['ADMIN']);
    const current = await call('GET', SETTINGS_PATHS.current, { token: admin.token });
    const saved = await call('PUT', SETTINGS_PATHS.current, {
      token: admin.token,
      body: { ...current.body.settings, loanProtectionRates: [COVER] },
    });
    if (saved.status !== 200) throw new Error(`settings: ${JSON.stringify(saved.body)}`);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  const read = (token: string, id: string) => call('GET', OFFER_PATHS.agreement(id), { token });
  const mine = (token: string, query = '') => call('GET', `${OFFER_PATHS.mine}${query}`, { token });
  const update = (token: string, id: string, body: Record<string, unknown>) =>
    call('PATCH', OFFER_PATHS.updateLoanAmount(id), { token, body });
  const accept = (token: string, id: string, version: number) =>
    call('POST', OFFER_PATHS.accept(id), { token, body: { version } });
  const decline = (token: string, id: string, body: Record<string, unknown>) =>
    call('POST', OFFER_PATHS.decline(id), { token, body });

  async function offerOf(approved: ApprovedApplicant): Promise<AgreementView> {
    const list = await mine(approved.applicant.token);
    expect(list.status).toBe(200);
    const answer = await read(approved.applicant.token, list.body.data[0].id);
    expect(answer.status).toBe(200);
    return answer.body as AgreementView;
  }

  const auditOf = (agreementId: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `agreement:${agreementId}`))
      .orderBy(t.auditLog.id);

  describe('opening on approval', () => {
    it('opens the agreement in the approving transaction, from the approved terms', async () => {
      const approved = await approvedApplicant(db(), call);
      const list = await mine(approved.applicant.token);
      expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 10 });
      const [item] = list.body.data;
      expect(item).toMatchObject({
        applicationId: approved.applicationId,
        status: 'LOANAPPLICATIONAPPROVED',
        amountSen: 1_000_000,
        tenureMonths: 24,
        signDate: null,
      });
      expect(item.agreementNo).toMatch(/^AGR-AC-\d{4}-\d{6}$/);
      const audit = await auditOf(item.id);
      expect(audit.map((row) => [row.action, row.actor])).toEqual([
        ['agreement.created', `staff:${approved.approver.id}`],
      ]);
      // The helper finds the same agreement rather than opening a second.
      expect((await agreementAt(db(), approved)).id).toBe(item.id);
    });

    it('shows every figure of the domain engine to the sen, and the instalment table', async () => {
      const approved = await approvedApplicant(db(), call);
      const offer = await offerOf(approved);
      const expected = approvedLoanSummary(
        {
          approvedSen: 1_000_000,
          tenureMonths: 24,
          annualRateBp: 1200,
          security: 'UNSECURED',
        },
        DEFAULT_FEE_SETTINGS,
      );
      expect(offer.figures).toEqual(JSON.parse(JSON.stringify(expected)));
      // RM10,000 over 24 months at 12%: RM2,400 interest, RM516.67 a month, RM516.59 last.
      expect(offer.figures).toMatchObject({
        stampDutySen: 5_000,
        attestationFeeSen: 70_000,
        netReceivedSen: 925_000,
        totalRepayableSen: 1_240_000,
        monthlyInstalmentSen: 51_667,
        lastInstalmentSen: 51_659,
      });
      expect(offer.instalments).toHaveLength(24);
      expect(offer.instalments[0]).toEqual({ number: 1, amountSen: 51_667 });
      expect(offer.instalments[23]).toEqual({ number: 24, amountSen: 51_659 });
      expect(offer.instalments.reduce((sum, row) => sum + row.amountSen, 0)).toBe(1_240_000);
      expect(offer).toMatchObject({
        approvedAmountSen: 1_000_000,
        amountSen: 1_000_000,
        security: 'UNSECURED',
        capBp: 1800,
        limits: { minAmountSen: 500_000, maxAmountSen: 1_000_000 },
        loanProtection: { optedIn: false, available: true },
        open: true,
        acceptedAt: null,
        signDate: null,
      });
    });

    it('reads the agreement on the home card', async () => {
      const approved = await approvedApplicant(db(), call);
      const offer = await offerOf(approved);
      const home = await call('GET', LOAN_STATUS_PATHS.home, { token: approved.applicant.token });
      expect(home.body).toMatchObject({
        status: { state: 'APPROVED' },
        agreement: { id: offer.id, agreementStatus: 'LOANAPPLICATIONAPPROVED', signDate: null },
      });
    });
  });

  describe('who may read and change it', () => {
    it('answers another applicant 404 on every route, and keeps staff out', async () => {
      const approved = await approvedApplicant(db(), call);
      const offer = await offerOf(approved);
      const other = await approvedApplicant(db(), call);
      const token = other.applicant.token;
      for (const answer of [
        await read(token, offer.id),
        await update(token, offer.id, { version: 1, amountSen: 600_000, loanProtection: false }),
        await accept(token, offer.id, 1),
        await decline(token, offer.id, { version: 1 }),
      ]) {
        expect([answer.status, answer.body.code]).toEqual([404, 'AGREEMENT_NOT_FOUND']);
      }
      const list = await mine(token);
      expect(list.body.data.map((item: { id: string }) => item.id)).not.toContain(offer.id);
      expect((await read(approved.approver.token, offer.id)).status).toBe(403);
      expect((await mine(approved.approver.token)).status).toBe(403);
      expect((await read('', offer.id)).status).toBe(401);
      // Nothing changed for the owner.
      expect((await read(approved.applicant.token, offer.id)).body).toMatchObject({
        version: 1,
        status: 'LOANAPPLICATIONAPPROVED',
      });
    });
  });

  describe('changing the amount', () => {
    it('lowers the amount with cover deducted, recomputing every figure', async () => {
      const approved = await approvedApplicant(db(), call, { terms: COVERED_TERMS });
      const offer = await offerOf(approved);
      expect(offer.loanProtection).toEqual({
        optedIn: false,
        deducted: true,
        available: true,
        quote: withoutCommission(
          loanProtectionPremium({ sumCoveredSen: 1_000_000, rateBp: 150 }, DEFAULT_FEE_SETTINGS),
        ),
      });
      const answer = await update(approved.applicant.token, offer.id, {
        version: offer.version,
        amountSen: 800_000,
        loanProtection: true,
        loanProtectionDeducted: true,
      });
      expect(answer.status).toBe(200);
      const changed = answer.body as AgreementView;
      const expected = approvedLoanSummary(
        {
          approvedSen: 800_000,
          tenureMonths: 24,
          annualRateBp: 1200,
          security: 'UNSECURED',
          loanProtection: { sumCoveredSen: 800_000, rateBp: 150, deducted: true },
        },
        DEFAULT_FEE_SETTINGS,
      );
      const { agentCommissionSen: _commission, ...premium } = expected.loanProtection!;
      expect(changed.figures).toEqual(
        JSON.parse(JSON.stringify({ ...expected, loanProtection: premium })),
      );
      // RM120 premium on RM8,000 and RM9.60 tax: RM129.60 taken out of the payout.
      expect(changed.figures.loanProtection).toEqual({
        grossPremiumSen: 12_000,
        serviceTaxSen: 960,
        totalPremiumSen: 12_960,
        deducted: true,
      });
      expect(changed.figures.netReceivedSen).toBe(800_000 - 4_000 - 56_000 - 12_960);
      expect(changed.instalments.reduce((sum, row) => sum + row.amountSen, 0)).toBe(
        expected.totalRepayableSen,
      );
      expect(changed).toMatchObject({
        version: offer.version + 1,
        amountSen: 800_000,
        approvedAmountSen: 1_000_000,
        loanProtection: { optedIn: true, deducted: true },
      });
      const [row] = await db().select().from(t.agreements).where(eq(t.agreements.id, offer.id));
      expect(row!.offer).toEqual(expected);
      const audit = await auditOf(offer.id);
      expect(audit.at(-1)).toMatchObject({
        action: 'offer.terms_changed',
        actor: `user:${approved.applicant.userId}`,
        detail: {
          from: { amountSen: 1_000_000, loanProtection: false },
          to: { amountSen: 800_000, loanProtection: true, loanProtectionDeducted: true },
          netReceivedSen: changed.figures.netReceivedSen,
        },
      });
    });

    it("waives the referral campaign's share of the attestation fee, following the amount", async () => {
      // PARTNER10 waives 10% of the attestation fee (7% of the amount, unsecured).
      const approved = await approvedApplicant(db(), call, {
        terms: UNCOVERED_TERMS,
        campaignCode: 'PARTNER10',
      });
      const offer = await offerOf(approved);
      expect(offer.campaignCode).toBe('PARTNER10');
      expect(offer.figures).toMatchObject({ attestationFeeSen: 70_000, referralWaiverSen: 7_000 });
      expect(offer.figures.netReceivedSen).toBe(1_000_000 - 5_000 - 70_000 + 7_000);

      const answer = await update(approved.applicant.token, offer.id, {
        version: offer.version,
        amountSen: 600_000,
        loanProtection: false,
      });
      expect(answer.status).toBe(200);
      const changed = answer.body as AgreementView;
      expect(changed.figures).toMatchObject({
        attestationFeeSen: 42_000,
        referralWaiverSen: 4_200,
        netReceivedSen: 600_000 - 3_000 - 42_000 + 4_200,
      });
      const [row] = await db()
        .select({ waiver: t.agreements.referralWaiverSen })
        .from(t.agreements)
        .where(eq(t.agreements.id, offer.id));
      expect(row!.waiver).toBe(4_200);
    });

    it('keeps a separately paid premium out of the payout', async () => {
      const approved = await approvedApplicant(db(), call, { terms: COVERED_TERMS });
      const offer = await offerOf(approved);
      const answer = await update(approved.applicant.token, offer.id, {
        version: offer.version,
        amountSen: 1_000_000,
        loanProtection: true,
        loanProtectionDeducted: false,
      });
      expect(answer.body.figures.loanProtection).toMatchObject({
        totalPremiumSen: 16_200,
        deducted: false,
      });
      expect(answer.body.figures.netReceivedSen).toBe(offer.figures.netReceivedSen);
    });

    it('refuses amounts outside the limits, cover not sold, and a stale version', async () => {
      const approved = await approvedApplicant(db(), call, { terms: UNCOVERED_TERMS });
      const offer = await offerOf(approved);
      expect(offer.loanProtection).toMatchObject({ available: false, quote: null });
      const token = approved.applicant.token;
      const above = await update(token, offer.id, {
        version: 1,
        amountSen: 1_000_001,
        loanProtection: false,
      });
      expect([above.status, above.body.code]).toEqual([400, 'OFFER_TERMS_REFUSED']);
      expect(above.body.message).toContain('RM 10,000.00');
      const below = await update(token, offer.id, {
        version: 1,
        amountSen: 499_999,
        loanProtection: false,
      });
      expect([below.status, below.body.code]).toEqual([400, 'OFFER_TERMS_REFUSED']);
      expect(below.body.message).toContain('RM 5,000.00');
      const fraction = await update(token, offer.id, {
        version: 1,
        amountSen: 600_000.5,
        loanProtection: false,
      });
      expect(fraction.status).toBe(400);
      const cover = await update(token, offer.id, {
        version: 1,
        amountSen: 600_000,
        loanProtection: true,
      });
      expect([cover.status, cover.body.code]).toEqual([400, 'LOAN_PROTECTION_UNAVAILABLE']);
      const first = await update(token, offer.id, {
        version: 1,
        amountSen: 600_000,
        loanProtection: false,
      });
      expect(first.body.version).toBe(2);
      const stale = await update(token, offer.id, {
        version: 1,
        amountSen: 700_000,
        loanProtection: false,
      });
      expect([stale.status, stale.body.code]).toEqual([409, 'AGREEMENT_CHANGED']);
      expect((await read(token, offer.id)).body.amountSen).toBe(600_000);
      const changes = (await auditOf(offer.id)).filter(
        (row) => row.action === 'offer.terms_changed',
      );
      expect(changes).toHaveLength(1);
    });
  });

  describe('accepting and declining', () => {
    it('accepts: attestation next, ACCEPT_LOAN recorded, terms frozen', async () => {
      const approved = await approvedApplicant(db(), call, { terms: COVERED_TERMS });
      const offer = await offerOf(approved);
      const token = approved.applicant.token;
      const lowered = await update(token, offer.id, {
        version: offer.version,
        amountSen: 900_000,
        loanProtection: true,
      });
      const stale = await accept(token, offer.id, offer.version);
      expect([stale.status, stale.body.code]).toEqual([409, 'AGREEMENT_CHANGED']);
      const accepted = await accept(token, offer.id, lowered.body.version);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({
        status: 'PENDING_ATTESTATION',
        version: lowered.body.version + 1,
        amountSen: 900_000,
        open: false,
      });
      expect(accepted.body.acceptedAt).not.toBeNull();
      expect(accepted.body.figures).toEqual(lowered.body.figures);

      const [application] = await db()
        .select()
        .from(t.applications)
        .where(eq(t.applications.id, approved.applicationId));
      expect(application!.progress).toContain('ACCEPT_LOAN');
      const history = await db()
        .select()
        .from(t.agreementStatusHistory)
        .where(
          and(
            eq(t.agreementStatusHistory.agreementId, offer.id),
            eq(t.agreementStatusHistory.toStatus, 'PENDING_ATTESTATION'),
          ),
        );
      expect(history).toEqual([
        expect.objectContaining({
          fromStatus: 'LOANAPPLICATIONAPPROVED',
          actor: `user:${approved.applicant.userId}`,
        }),
      ]);
      expect((await auditOf(offer.id)).at(-1)).toMatchObject({
        action: 'agreement.status_changed',
        actor: `user:${approved.applicant.userId}`,
        fromStatus: 'LOANAPPLICATIONAPPROVED',
        toStatus: 'PENDING_ATTESTATION',
        detail: { amountSen: 900_000, loanProtection: true },
      });

      const closed = await update(token, offer.id, {
        version: accepted.body.version,
        amountSen: 800_000,
        loanProtection: false,
      });
      expect([closed.status, closed.body.code]).toEqual([409, 'OFFER_CLOSED']);
      const again = await accept(token, offer.id, accepted.body.version);
      expect([again.status, again.body.code]).toEqual([409, 'STATUS_CHANGE_REFUSED']);
      const home = await call('GET', LOAN_STATUS_PATHS.home, { token });
      expect(home.body).toMatchObject({
        status: { state: 'APPROVED' },
        agreement: { agreementStatus: 'PENDING_ATTESTATION' },
      });
    });

    it('declines: the offer ends, with the reason, and the borrower may apply again', async () => {
      const approved = await approvedApplicant(db(), call);
      const offer = await offerOf(approved);
      const token = approved.applicant.token;
      const declined = await decline(token, offer.id, {
        version: offer.version,
        reason: 'I found the money elsewhere',
      });
      expect(declined.status).toBe(200);
      expect(declined.body).toMatchObject({ status: 'CANCELLED', open: false });
      expect(declined.body.cancelledAt).not.toBeNull();
      expect((await auditOf(offer.id)).at(-1)).toMatchObject({
        action: 'agreement.status_changed',
        fromStatus: 'LOANAPPLICATIONAPPROVED',
        toStatus: 'CANCELLED',
        reason: 'I found the money elsewhere',
      });
      const refused = await accept(token, offer.id, declined.body.version);
      expect([refused.status, refused.body.code]).toEqual([409, 'STATUS_CHANGE_REFUSED']);
      const home = await call('GET', LOAN_STATUS_PATHS.home, { token });
      expect(home.body).toMatchObject({
        status: { state: 'REMOVED' },
        agreement: { agreementStatus: 'CANCELLED' },
      });
    });

    it('refuses to decline once signed', async () => {
      const approved = await approvedApplicant(db(), call);
      const agreement = await agreementAt(db(), approved, 'AGREEMENTSIGNING');
      const refused = await decline(approved.applicant.token, agreement.id, {
        version: agreement.version,
      });
      expect([refused.status, refused.body.code]).toEqual([409, 'STATUS_CHANGE_REFUSED']);
    });
  });

  describe('the login response and the list', () => {
    it('carries the newest agreement and its sign date', async () => {
      const person = newPerson();
      const { session } = await register(call, person);
      const userId = session.userDetails!.id;
      const applicationId = await pendingApplication(db(), userId);
      const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
      const approver = await staffMember(db(), call, ['APPROVER']);
      await decideNow(db(), call, officer, applicationId, {
        decision: 'RECOMMEND',
        ...FAIR_TERMS,
      });
      await decideNow(db(), call, approver, applicationId, { decision: 'APPROVE' });

      const before = await login(call, person.email as string, person.password as string);
      expect(before.body.agreementDetails).toEqual({
        id: expect.any(String),
        agreementStatus: 'LOANAPPLICATIONAPPROVED',
        signDate: null,
      });
      const signed = await agreementAt(
        db(),
        { applicant: { userId } as ApprovedApplicant['applicant'], applicationId },
        'AGREEMENTSIGNING',
      );
      const after = await login(call, person.email as string, person.password as string);
      expect(after.body.agreementDetails).toEqual({
        id: signed.id,
        agreementStatus: 'AGREEMENTSIGNING',
        signDate: signed.signedAt!.toISOString(),
      });
      const home = await call('GET', LOAN_STATUS_PATHS.home, {
        token: after.body.accessToken,
      });
      expect(home.body.agreement).toEqual(after.body.agreementDetails);
    });

    it('pages the own agreements', async () => {
      const approved = await approvedApplicant(db(), call);
      const token = approved.applicant.token;
      const page = await mine(token, '?page=2&pageSize=1');
      expect(page.body).toEqual({ data: [], total: 1, page: 2, pageSize: 1 });
      const tooBig = await mine(token, '?pageSize=51');
      expect(tooBig.status).toBe(400);
      const none = await register(call);
      expect((await mine(none.session.accessToken)).body).toEqual({
        data: [],
        total: 0,
        page: 1,
        pageSize: 10,
      });
    });
  });
});
