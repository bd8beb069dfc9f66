import { DECISION_PATHS } from '@lending/contracts';
import { allowToApplyNewLoanAfter, type StaffDecision } from '@lending/domain';
import { and, asc, desc, eq } from 'drizzle-orm';

import {
  applicationApprovals,
  applicationInterviews,
  applicationNotes,
  applicationRecommendations,
  applicationReferbacks,
  applications,
  applicationStatusHistory,
  auditLog,
  ekycSessions,
  outbox,
  users,
} from '../../db/schema';
import { type Caller, caller } from '../../testing/auth-helpers';
import {
  applicant,
  decideNow,
  FAIR_TERMS,
  pendingApplication,
  type StaffMember,
  staffMember,
  versionOf,
} from '../../testing/decisions';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';

type Role = 'ADMIN' | 'CREDIT_OFFICER' | 'APPROVER' | 'CUSTOMER_SERVICE';
const ROLES: Role[] = ['ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE'];

describe.each(databases('concurrency'))('staff decisions on %s', (kind) => {
  const { it, describe, everywhere } = testsOn(kind);
  let t: TestApp;
  let call: Caller;
  const staff = {} as Record<Role, StaffMember>;
  let officer2: StaffMember;
  let approver2: StaffMember;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    for (const role of ROLES) staff[role] = await staffMember(t.db.orm, call, [role]);
    officer2 = await staffMember(t.db.orm, call, ['CREDIT_OFFICER']);
    approver2 = await staffMember(t.db.orm, call, ['APPROVER']);
  });
  afterAll(() => t.close());

  const db = () => t.db.orm;
  const decideAs = (who: StaffMember, id: string, body: Record<string, unknown>) =>
    decideNow(db(), call, who, id, body);
  const options = (who: StaffMember, id: string) =>
    call('GET', DECISION_PATHS.options(id), { token: who.token });
  const statusOf = async (id: string) =>
    (await db().select().from(applications).where(eq(applications.id, id)))[0]!.status;

  async function pending(language: 'EN' | 'MS' = 'EN') {
    const person = await applicant(call, language);
    return { person, id: await pendingApplication(db(), person.userId) };
  }

  /** A file an officer recommended (SUBMITTED_FOR_APPROVAL_1). */
  async function recommended(terms: Record<string, unknown> = FAIR_TERMS, by = officer2) {
    const file = await pending();
    const answer = await decideAs(by, file.id, { decision: 'RECOMMEND', ...terms });
    expect(answer.status).toBe(200);
    return file;
  }

  async function firstSlot(id: string): Promise<string> {
    const { body } = await options(staff.CREDIT_OFFICER, id);
    return body.interviewSlots[0] as string;
  }

  /** A valid body for each decision. */
  async function bodyFor(decision: StaffDecision, id: string): Promise<Record<string, unknown>> {
    switch (decision) {
      case 'KIV':
        return { decision, note: 'Waiting for the bank to confirm the account' };
      case 'REQUEST_INTERVIEW':
        return { decision, scheduledAt: await firstSlot(id), mode: 'VIDEO_CALL' };
      case 'REFER_BACK':
        return {
          decision,
          items: [{ kind: 'document', target: 'BANK_STATEMENT', reason: 'Unreadable' }],
        };
      case 'RECOMMEND':
        return { decision, ...FAIR_TERMS };
      case 'RETURN_TO_PENDING':
      case 'REJECT':
      case 'CANCEL':
        return { decision, reason: 'Not enough income shown' };
      default:
        return { decision };
    }
  }

  // Who may take each decision at each stage; everyone else is refused. A decision the status
  // machine does not allow from the stage's status is refused to all (409).
  const ASSESSMENT: Record<StaffDecision, Role | null> = {
    KIV: 'CREDIT_OFFICER',
    REQUEST_INTERVIEW: 'CREDIT_OFFICER',
    REQUEST_PSYCHOMETRIC_TEST: 'CREDIT_OFFICER',
    REDO_PSYCHOMETRIC_TEST: 'CREDIT_OFFICER',
    REFER_BACK: 'CREDIT_OFFICER',
    RECOMMEND: 'CREDIT_OFFICER',
    REJECT: 'CREDIT_OFFICER',
    CANCEL: 'ADMIN',
    RETURN_TO_PENDING: null,
    APPROVE: null,
  };
  const APPROVAL: Record<StaffDecision, Role | null> = {
    RETURN_TO_PENDING: 'APPROVER',
    APPROVE: 'APPROVER',
    REJECT: 'APPROVER',
    CANCEL: 'ADMIN',
    KIV: null,
    REQUEST_INTERVIEW: null,
    REQUEST_PSYCHOMETRIC_TEST: null,
    REDO_PSYCHOMETRIC_TEST: null,
    REFER_BACK: null,
    RECOMMEND: null,
  };
  const cases = [
    ...Object.entries(ASSESSMENT).map(([decision, role]) => ['PENDING', decision, role] as const),
    ...Object.entries(APPROVAL).map(
      ([decision, role]) => ['SUBMITTED_FOR_APPROVAL_1', decision, role] as const,
    ),
  ];

  it.each(cases)('from %s, %s is taken by %s only', async (stage, decision, allowedRole) => {
    const file = stage === 'PENDING' ? await pending() : await recommended();
    const body = await bodyFor(decision as StaffDecision, file.id);
    const refused = ROLES.filter((role) => role !== allowedRole);
    for (const role of refused) {
      const answer = await decideAs(staff[role], file.id, body);
      if (role === 'CUSTOMER_SERVICE') {
        expect(answer.status).toBe(403);
      } else if (allowedRole === null) {
        expect([answer.status, answer.body.code]).toEqual([409, 'STATUS_CHANGE_REFUSED']);
      } else {
        expect([answer.status, answer.body.code]).toEqual([403, 'DECISION_REFUSED']);
      }
      const listed = await options(staff[role], file.id);
      if (role !== 'CUSTOMER_SERVICE') {
        const option = listed.body.decisions.find(
          (one: { decision: string }) => one.decision === decision,
        );
        expect(option.allowed).toBe(false);
      }
    }
    expect(await statusOf(file.id)).toBe(stage);
    if (allowedRole) {
      const listed = await options(staff[allowedRole], file.id);
      const option = listed.body.decisions.find(
        (one: { decision: string }) => one.decision === decision,
      );
      expect(option.allowed).toBe(true);
      const answer = await decideAs(staff[allowedRole], file.id, body);
      expect(answer.status).toBe(200);
      expect(answer.body.from).toBe(stage);
      expect(await statusOf(file.id)).toBe(answer.body.status);
    }
  });

  it('writes the history and audit rows and tells the applicant in their language', async () => {
    const file = await pending('MS');
    const answer = await decideAs(staff.CREDIT_OFFICER, file.id, {
      decision: 'REJECT',
      reason: 'Income too low for the amount',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ from: 'PENDING', status: 'REJECTED', version: 3 });
    const [history] = await db()
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, file.id))
      .orderBy(desc(applicationStatusHistory.at))
      .limit(1);
    expect(history).toMatchObject({
      fromStatus: 'PENDING',
      toStatus: 'REJECTED',
      actor: `staff:${staff.CREDIT_OFFICER.id}`,
      reason: 'Income too low for the amount',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, `application:${file.id}`),
          eq(auditLog.action, 'application.status_changed'),
          eq(auditLog.toStatus, 'REJECTED'),
        ),
      );
    expect(audit).toMatchObject({
      actor: `staff:${staff.CREDIT_OFFICER.id}`,
      fromStatus: 'PENDING',
      reason: 'Income too low for the amount',
      detail: expect.objectContaining({ decision: 'REJECT', banKind: 'REJECTION' }),
    });
    const email = (
      await db().select().from(outbox).where(eq(outbox.recipient, file.person.email))
    ).find((row) => row.subject === 'Mengenai permohonan anda');
    expect(email?.body).toContain('tidak berjaya');
    const sms = await db().select().from(outbox).where(eq(outbox.recipient, file.person.phoneNo));
    expect(sms.some((row) => row.channel === 'sms' && row.body.includes('tidak berjaya'))).toBe(
      true,
    );
  });

  it('tells an English speaker in English, with the interview slot', async () => {
    const file = await pending('EN');
    const slot = await firstSlot(file.id);
    const answer = await decideAs(staff.CREDIT_OFFICER, file.id, {
      decision: 'REQUEST_INTERVIEW',
      scheduledAt: slot,
      mode: 'PHONE_CALL',
      details: 'We will call the number on file',
    });
    expect(answer.status).toBe(200);
    const [email] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.subject, 'We would like to interview you'))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(email?.recipient).toBe(file.person.email);
    expect(email?.body).toContain('by phone call');
  });

  it('bans the applicant for 3 months after a rejection and 6 after a temporary ban', async () => {
    for (const [banKind, months] of [
      ['REJECTION', 3],
      ['TEMPORARY_BAN', 6],
    ] as const) {
      const file = await pending();
      const before = new Date();
      const answer = await decideAs(staff.CREDIT_OFFICER, file.id, {
        decision: 'REJECT',
        reason: 'Documents do not match',
        banKind,
      });
      const after = new Date();
      expect(answer.status).toBe(200);
      const [user] = await db().select().from(users).where(eq(users.id, file.person.userId));
      expect(user!.newLoanBlockKind).toBe(banKind);
      const until = user!.allowToApplyNewLoanAfter!.getTime();
      expect(until).toBeGreaterThanOrEqual(allowToApplyNewLoanAfter(before, banKind).getTime());
      expect(until).toBeLessThanOrEqual(allowToApplyNewLoanAfter(after, banKind).getTime());
      const days = (until - before.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(months * 28);
      expect(days).toBeLessThan(months * 31 + 1);
    }
  });

  it('refuses a decision on a stale version with a clear code', async () => {
    const file = await pending();
    const version = await versionOf(db(), file.id);
    expect(
      (await decideAs(staff.CREDIT_OFFICER, file.id, { decision: 'KIV', note: 'first look' }))
        .status,
    ).toBe(200);
    const stale = await call('POST', DECISION_PATHS.decide(file.id), {
      token: staff.CREDIT_OFFICER.token,
      body: { decision: 'REJECT', reason: 'late', version },
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'APPLICATION_CHANGED']);
    expect(await statusOf(file.id)).toBe('KIV');
  });

  everywhere('lets exactly one of two staff acting at once win', async () => {
    const file = await pending();
    const version = await versionOf(db(), file.id);
    const answers = await Promise.all([
      call('POST', DECISION_PATHS.decide(file.id), {
        token: staff.CREDIT_OFFICER.token,
        body: { decision: 'KIV', note: 'mine', version },
      }),
      call('POST', DECISION_PATHS.decide(file.id), {
        token: officer2.token,
        body: { decision: 'REJECT', reason: 'mine too', version },
      }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.code).toBe('APPLICATION_CHANGED');
    const history = await db()
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, file.id));
    // Submitted, then the one decision that won.
    expect(history.map((row) => row.toStatus)).toEqual([
      'PENDING',
      answers.find((a) => a.status === 200)!.body.status,
    ]);
    expect(await versionOf(db(), file.id)).toBe(version + 1);
  });

  describe('recommending', () => {
    it('stores the computed offer, the settings version and the approval levels', async () => {
      const file = await recommended({ ...FAIR_TERMS, amountSen: 3_000_000 });
      const [row] = await db()
        .select()
        .from(applicationRecommendations)
        .where(eq(applicationRecommendations.applicationId, file.id));
      expect(row).toMatchObject({
        amountSen: 3_000_000,
        settingsVersion: 1,
        approvalLevels: 2,
        complianceReview: false,
        recommendedBy: officer2.id,
      });
      const offer = row!.offer as Record<string, number>;
      // 12% flat over 24 months on RM30,000: RM7,200 interest.
      expect(offer.totalInterestSen).toBe(720_000);
      expect(offer.monthlyInstalmentSen).toBe(155_000);
      const listed = await options(staff.APPROVER, file.id);
      expect(listed.body.offer).toMatchObject({ approvalLevels: 2, capBp: 1800 });
      expect(listed.body.offer.offer).toMatchObject({
        monthlyInstalmentSen: 155_000,
        netReceivedSen: offer.netReceivedSen,
      });
    });

    it.each([
      ['unsecured above 18%', { ...FAIR_TERMS, annualRateBp: 1801 }, 'rate is above'],
      [
        'secured above 12%',
        {
          ...FAIR_TERMS,
          security: 'SECURED',
          annualRateBp: 1201,
          securityParticulars: { description: 'Shop lot', valueSen: 5_000_000 },
        },
        'rate is above',
      ],
      ['secured without particulars', { ...FAIR_TERMS, security: 'SECURED' }, 'described'],
      ['above the product maximum', { ...FAIR_TERMS, amountSen: 6_000_000 }, 'maximum'],
    ])('refuses terms %s', async (_name, terms, words) => {
      const file = await pending();
      const answer = await decideAs(staff.CREDIT_OFFICER, file.id, {
        decision: 'RECOMMEND',
        ...terms,
      });
      expect([answer.status, answer.body.code]).toEqual([400, 'TERMS_REFUSED']);
      expect(answer.body.message).toContain(words);
      expect(await statusOf(file.id)).toBe('PENDING');
      const preview = await call('POST', DECISION_PATHS.preview(file.id), {
        token: staff.CREDIT_OFFICER.token,
        body: terms,
      });
      expect(preview.body.ok).toBe(false);
      expect(preview.body.failures.length).toBeGreaterThan(0);
    });

    it.each([
      ['unsecured at the 18% cap', { ...FAIR_TERMS, annualRateBp: 1800 }, true],
      [
        'secured at the 12% cap',
        {
          ...FAIR_TERMS,
          security: 'SECURED',
          securityParticulars: { description: 'Shop lot, Jalan Ampang', valueSen: 5_000_000 },
        },
        true,
      ],
      ['unsecured at 12% over 24 months', FAIR_TERMS, false],
      ['unsecured at 12% over 12 months', { ...FAIR_TERMS, tenureMonths: 12 }, true],
    ])(
      'accepts terms %s and flags compliance review when fees pass the cap',
      async (_n, terms, flagged) => {
        const file = await pending();
        const preview = await call('POST', DECISION_PATHS.preview(file.id), {
          token: staff.CREDIT_OFFICER.token,
          body: terms,
        });
        expect(preview.status).toBe(200);
        expect(preview.body).toMatchObject({
          ok: true,
          needsComplianceReview: flagged,
          failures: [],
        });
        expect(preview.body.offer.effectiveAnnualRateBp > preview.body.capBp).toBe(flagged);
        const answer = await decideAs(staff.CREDIT_OFFICER, file.id, {
          decision: 'RECOMMEND',
          ...terms,
        });
        expect(answer.status).toBe(200);
        const [row] = await db()
          .select()
          .from(applicationRecommendations)
          .where(eq(applicationRecommendations.applicationId, file.id));
        expect(row!.complianceReview).toBe(flagged);
        expect(row!.securitySealed === null).toBe(terms.security !== 'SECURED');
        if (row!.securitySealed) expect(row!.securitySealed).not.toContain('Jalan Ampang');
      },
    );
  });

  describe('approving with four eyes', () => {
    it('goes through two levels above RM20,000, never the same approver twice', async () => {
      const file = await recommended({ ...FAIR_TERMS, amountSen: 3_000_000 });
      const first = await decideAs(staff.APPROVER, file.id, { decision: 'APPROVE' });
      expect(first.body.status).toBe('SUBMITTED_FOR_APPROVAL_2');
      const again = await decideAs(staff.APPROVER, file.id, { decision: 'APPROVE' });
      expect([again.status, again.body.code]).toEqual([403, 'DECISION_REFUSED']);
      // The first approver is told why: they approved level 1, another must approve level 2.
      const theirs = await options(staff.APPROVER, file.id);
      expect(
        theirs.body.decisions.find((one: { decision: string }) => one.decision === 'APPROVE'),
      ).toEqual({
        decision: 'APPROVE',
        allowed: false,
        reason: 'alreadyApproved',
        approvedLevel: 1,
      });
      // Customer service reads the file too, and is told the decision is not its role's.
      const service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);
      const forService = await options(service, file.id);
      expect(forService.status).toBe(200);
      expect(forService.body.decisions.filter((one: { allowed: boolean }) => one.allowed)).toEqual(
        [],
      );
      expect(
        forService.body.decisions.find((one: { decision: string }) => one.decision === 'APPROVE'),
      ).toEqual({ decision: 'APPROVE', allowed: false, reason: 'notApprover' });
      const next = await options(approver2, file.id);
      expect(
        next.body.decisions.find((one: { decision: string }) => one.decision === 'APPROVE'),
      ).toEqual({ decision: 'APPROVE', allowed: true });
      const second = await decideAs(approver2, file.id, { decision: 'APPROVE' });
      expect(second.body.status).toBe('APPROVED');
      const approvals = await db()
        .select()
        .from(applicationApprovals)
        .orderBy(asc(applicationApprovals.level))
        .innerJoin(
          applicationRecommendations,
          eq(applicationRecommendations.id, applicationApprovals.recommendationId),
        )
        .where(eq(applicationRecommendations.applicationId, file.id));
      expect(approvals.map((row) => row.application_approvals.approverId)).toEqual([
        staff.APPROVER.id,
        approver2.id,
      ]);
      const email = await db().select().from(outbox).where(eq(outbox.recipient, file.person.email));
      expect(email.some((row) => row.subject === 'Your application is approved')).toBe(true);
    });

    it('approves in one level up to RM20,000', async () => {
      const file = await recommended();
      const answer = await decideAs(staff.APPROVER, file.id, { decision: 'APPROVE' });
      expect(answer.body.status).toBe('APPROVED');
    });

    it('refuses to approve while the applicant has not passed identity verification', async () => {
      const person = await applicant(call);
      const id = await pendingApplication(db(), person.userId, 'SOLE_PROP', {
        identityVerified: false,
      });
      expect((await decideAs(officer2, id, { decision: 'RECOMMEND', ...FAIR_TERMS })).status).toBe(
        200,
      );
      const refused = await decideAs(staff.APPROVER, id, { decision: 'APPROVE' });
      expect([refused.status, refused.body.code]).toEqual([409, 'EKYC_REQUIRED']);
      expect(refused.body.message).toMatch(/has not passed identity verification \(eKYC\)/);
      const inMalay = await t.app.inject({
        method: 'POST',
        url: DECISION_PATHS.decide(id),
        headers: { authorization: `Bearer ${staff.APPROVER.token}`, 'accept-language': 'ms' },
        payload: { version: await versionOf(db(), id), decision: 'APPROVE' },
      });
      expect(inMalay.json().message).toMatch(/belum lulus pengesahan identiti \(eKYC\)/);
      expect(await statusOf(id)).toBe('SUBMITTED_FOR_APPROVAL_1');
      // A failed check is no pass either; a passed one lets the approver decide.
      const check = {
        applicationId: id,
        userId: person.userId,
        provider: 'sandbox',
        expiresAt: new Date(Date.now() + 60_000),
      };
      await db()
        .insert(ekycSessions)
        .values({ ...check, providerRef: 'failed-1', status: 'FAILED' });
      expect((await decideAs(staff.APPROVER, id, { decision: 'APPROVE' })).body.code).toBe(
        'EKYC_REQUIRED',
      );
      await db()
        .insert(ekycSessions)
        .values({ ...check, providerRef: 'passed-1', status: 'PASSED' });
      expect((await decideAs(staff.APPROVER, id, { decision: 'APPROVE' })).body.status).toBe(
        'APPROVED',
      );
    });

    it('never approves an offer flagged for compliance review silently', async () => {
      const file = await recommended({ ...FAIR_TERMS, tenureMonths: 12 });
      const silent = await decideAs(staff.APPROVER, file.id, { decision: 'APPROVE' });
      expect([silent.status, silent.body.code]).toEqual([400, 'COMPLIANCE_REVIEW_REQUIRED']);
      const reviewed = await decideAs(staff.APPROVER, file.id, {
        decision: 'APPROVE',
        complianceReviewed: true,
      });
      expect(reviewed.body.status).toBe('APPROVED');
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, `application:${file.id}`), eq(auditLog.toStatus, 'APPROVED')),
        );
      expect(audit!.detail).toMatchObject({ decision: 'APPROVE', complianceReviewed: true });
    });

    it('refuses the recommender, even holding the approver role', async () => {
      const both = await staffMember(db(), call, ['CREDIT_OFFICER', 'APPROVER']);
      const file = await recommended(FAIR_TERMS, both);
      const listed = await options(both, file.id);
      expect(
        listed.body.decisions.find((one: { decision: string }) => one.decision === 'APPROVE'),
      ).toMatchObject({ allowed: false, reason: 'recommenderCannotApprove' });
      const answer = await decideAs(both, file.id, { decision: 'APPROVE' });
      expect([answer.status, answer.body.code]).toEqual([403, 'DECISION_REFUSED']);
      const reject = await decideAs(both, file.id, { decision: 'REJECT', reason: 'no' });
      expect(reject.status).toBe(403);
    });

    it('sends the file back from the second level, superseding the recommendation', async () => {
      const file = await recommended({ ...FAIR_TERMS, amountSen: 3_000_000 });
      await decideAs(staff.APPROVER, file.id, { decision: 'APPROVE' });
      const back = await decideAs(approver2, file.id, {
        decision: 'RETURN_TO_PENDING',
        reason: 'Check the bank statements again',
      });
      expect(back.body.status).toBe('PENDING');
      const listed = await options(officer2, file.id);
      expect(listed.body.offer).toBeNull();
      const [row] = await db()
        .select()
        .from(applicationRecommendations)
        .where(eq(applicationRecommendations.applicationId, file.id));
      expect(row!.supersededAt).not.toBeNull();
    });
  });

  describe('interviews and referrals back', () => {
    it('books only office-hours slots and records the outcome', async () => {
      const file = await pending();
      const listed = await options(staff.CREDIT_OFFICER, file.id);
      expect(listed.body.interviewSlots.length).toBeGreaterThan(0);
      // Midnight in Malaysia is never in office hours.
      const slot = new Date(listed.body.interviewSlots[0]);
      const midnight = new Date(slot);
      midnight.setUTCHours(16, 0, 0, 0);
      const refused = await decideAs(staff.CREDIT_OFFICER, file.id, {
        decision: 'REQUEST_INTERVIEW',
        scheduledAt: midnight.toISOString(),
        mode: 'IN_PERSON',
      });
      expect([refused.status, refused.body.code]).toEqual([400, 'SLOT_NOT_BOOKABLE']);
      const booked = await decideAs(staff.CREDIT_OFFICER, file.id, {
        decision: 'REQUEST_INTERVIEW',
        scheduledAt: slot.toISOString(),
        mode: 'IN_PERSON',
        details: 'Level 3, Menara KL',
      });
      expect(booked.body.status).toBe('REQUESTED_FOR_INTERVIEW');
      const [interview] = await db()
        .select()
        .from(applicationInterviews)
        .where(eq(applicationInterviews.applicationId, file.id));
      expect(interview).toMatchObject({ mode: 'IN_PERSON', scheduledAt: slot });
      const outcome = await call('POST', DECISION_PATHS.interviewOutcome(file.id, interview!.id), {
        token: staff.CREDIT_OFFICER.token,
        body: { outcome: 'ATTENDED', note: 'Explained the cash flow' },
      });
      expect(outcome.status).toBe(200);
      expect(outcome.body).toMatchObject({ outcome: 'ATTENDED' });
      const byApprover = await call(
        'POST',
        DECISION_PATHS.interviewOutcome(file.id, interview!.id),
        { token: staff.APPROVER.token, body: { outcome: 'NO_SHOW' } },
      );
      expect(byApprover.status).toBe(403);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, `interview:${interview!.id}`));
      expect(audit).toHaveLength(1);
    });

    it('refers back named sections and documents, refusing ones the file does not have', async () => {
      const file = await pending();
      const listed = await options(staff.CREDIT_OFFICER, file.id);
      expect(listed.body.referbackTargets.sections).not.toContain('directors');
      const wrong = await decideAs(staff.CREDIT_OFFICER, file.id, {
        decision: 'REFER_BACK',
        items: [{ kind: 'section', target: 'directors', reason: 'Add the second director' }],
      });
      expect([wrong.status, wrong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const unknown = await decideAs(staff.CREDIT_OFFICER, file.id, {
        decision: 'REFER_BACK',
        items: [{ kind: 'document', target: 'PAYSLIP_2', reason: 'x' }],
      });
      expect(unknown.status).toBe(400);
      const answer = await decideAs(staff.CREDIT_OFFICER, file.id, {
        decision: 'REFER_BACK',
        items: [
          { kind: 'document', target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' },
          { kind: 'section', target: 'disbursement', reason: 'Account name differs' },
        ],
      });
      expect(answer.body.status).toBe('REFERBACK');
      const [row] = await db()
        .select()
        .from(applicationReferbacks)
        .where(eq(applicationReferbacks.applicationId, file.id));
      expect(row!.items).toHaveLength(2);
    });

    it('keeps the KIV note as an internal note', async () => {
      const file = await pending();
      await decideAs(staff.CREDIT_OFFICER, file.id, { decision: 'KIV', note: 'Awaiting CTOS' });
      const notes = await db()
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, file.id));
      expect(notes.map((note) => note.body)).toEqual(['Awaiting CTOS']);
    });
  });
});
