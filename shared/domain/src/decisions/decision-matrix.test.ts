import type { ApplicationStatus } from '../status/application-status';
import type { DecisionRequest, StaffDecision, StaffRole } from './decision-matrix';
import { decide, DECISION_ROLES, STAFF_DECISIONS, staffDecisions } from './decision-matrix';

const bands = [
  { upToSen: 2_000_000, levels: 1 },
  { upToSen: null, levels: 2 },
];
const officer = { staffId: 'officer-1', roles: ['CREDIT_OFFICER'] as StaffRole[] };
const approverA = { staffId: 'approver-a', roles: ['APPROVER'] as StaffRole[] };
const approverB = { staffId: 'approver-b', roles: ['APPROVER'] as StaffRole[] };
const admin = { staffId: 'admin-1', roles: ['ADMIN'] as StaffRole[] };
const service = { staffId: 'cs-1', roles: ['CUSTOMER_SERVICE'] as StaffRole[] };

function request(overrides: Partial<DecisionRequest>): DecisionRequest {
  return {
    status: 'PENDING',
    actor: officer,
    recommenderId: 'officer-1',
    earlierApproverIds: [],
    amountSen: 1_000_000,
    approvalBands: bands,
    ...overrides,
  };
}

function allowed(req: DecisionRequest): Record<string, ApplicationStatus> {
  return Object.fromEntries(
    staffDecisions(req).flatMap((verdict) =>
      verdict.allowed ? [[verdict.decision, verdict.to]] : [],
    ),
  );
}

describe('who may take which decision', () => {
  it('lists every decision in the role table', () => {
    expect(Object.keys(DECISION_ROLES).sort()).toEqual([...STAFF_DECISIONS].sort());
  });

  it('lets a credit officer assess a pending application', () => {
    expect(allowed(request({ recommenderId: null }))).toEqual({
      KIV: 'KIV',
      REQUEST_INTERVIEW: 'REQUESTED_FOR_INTERVIEW',
      REQUEST_PSYCHOMETRIC_TEST: 'PSYCHOMETRIC_TEST',
      REDO_PSYCHOMETRIC_TEST: 'REDO_PSYCHOMETRIC_TEST',
      REFER_BACK: 'REFERBACK',
      RECOMMEND: 'SUBMITTED_FOR_APPROVAL_1',
      REJECT: 'REJECTED',
    });
  });

  it('lets a credit officer resume, recommend or reject a file kept in view or awaiting interview', () => {
    for (const status of ['KIV', 'REQUESTED_FOR_INTERVIEW'] as const) {
      expect(allowed(request({ status }))).toEqual({
        RETURN_TO_PENDING: 'PENDING',
        RECOMMEND: 'SUBMITTED_FOR_APPROVAL_1',
        REJECT: 'REJECTED',
      });
    }
  });

  it('refuses an approver the assessment decisions', () => {
    expect(decide(request({ actor: approverA }), 'RECOMMEND')).toEqual({
      decision: 'RECOMMEND',
      allowed: false,
      reason: 'roleNotAllowed',
    });
    expect(allowed(request({ actor: approverA }))).toEqual({});
  });

  it('lets only an admin cancel, at any stage', () => {
    expect(decide(request({ actor: admin }), 'CANCEL')).toEqual({
      decision: 'CANCEL',
      allowed: true,
      to: 'CANCELLED',
    });
    expect(allowed(request({ actor: admin, status: 'SUBMITTED_FOR_APPROVAL_2' }))).toEqual({
      CANCEL: 'CANCELLED',
    });
    expect(decide(request({ actor: officer }), 'CANCEL')).toMatchObject({
      allowed: false,
      reason: 'roleNotAllowed',
    });
  });

  it('gives customer service no decision', () => {
    for (const status of [
      'PENDING',
      'SUBMITTED_FOR_APPROVAL_1',
      'SUBMITTED_FOR_APPROVAL_2',
    ] as const) {
      expect(allowed(request({ actor: service, status }))).toEqual({});
    }
  });

  it('refuses a decision the status does not allow', () => {
    expect(decide(request({ status: 'PSYCHOMETRIC_TEST' }), 'KIV')).toMatchObject({
      allowed: false,
      reason: 'wrongStatus',
    });
    expect(decide(request({ status: 'PENDING', actor: approverA }), 'APPROVE')).toMatchObject({
      allowed: false,
      reason: 'wrongStatus',
    });
    expect(decide(request({ status: 'APPROVED', actor: admin }), 'CANCEL')).toMatchObject({
      allowed: false,
      reason: 'wrongStatus',
    });
  });

  it('lets an admin cancel an approved file only while its agreement is unsigned', () => {
    const approved = (agreementSigned: boolean, actor = admin) =>
      decide(request({ status: 'APPROVED', actor, agreementSigned }), 'CANCEL');
    expect(approved(false)).toEqual({ decision: 'CANCEL', allowed: true, to: 'CANCELLED' });
    expect(approved(true)).toMatchObject({ allowed: false, reason: 'wrongStatus' });
    expect(approved(false, officer)).toMatchObject({ allowed: false, reason: 'roleNotAllowed' });
    expect(
      decide(request({ status: 'APPROVED', actor: admin, agreementSigned: false }), 'REJECT'),
    ).toMatchObject({ allowed: false, reason: 'wrongStatus' });
  });
});

describe('the approval matrix', () => {
  const atFirstLevel = (overrides: Partial<DecisionRequest>) =>
    request({ status: 'SUBMITTED_FOR_APPROVAL_1', actor: approverA, ...overrides });
  const atSecondLevel = (overrides: Partial<DecisionRequest>) =>
    request({
      status: 'SUBMITTED_FOR_APPROVAL_2',
      actor: approverB,
      earlierApproverIds: ['approver-a'],
      amountSen: 3_000_000,
      ...overrides,
    });

  it('approves outright at the first level when the amount needs one approval', () => {
    expect(allowed(atFirstLevel({ amountSen: 2_000_000 }))).toEqual({
      APPROVE: 'APPROVED',
      RETURN_TO_PENDING: 'PENDING',
      REJECT: 'REJECTED',
    });
  });

  it('sends the first approval on to the second level when the amount needs two', () => {
    expect(decide(atFirstLevel({ amountSen: 2_000_001 }), 'APPROVE')).toEqual({
      decision: 'APPROVE',
      allowed: true,
      to: 'SUBMITTED_FOR_APPROVAL_2',
    });
  });

  it('approves at the second level by a different approver', () => {
    expect(allowed(atSecondLevel({}))).toEqual({
      APPROVE: 'APPROVED',
      RETURN_TO_PENDING: 'PENDING',
      REJECT: 'REJECTED',
    });
  });

  it('refuses an approval by the officer who recommended the file', () => {
    const recommenderApprover = { staffId: 'officer-1', roles: ['APPROVER'] as StaffRole[] };
    for (const req of [
      atFirstLevel({ actor: recommenderApprover }),
      atSecondLevel({ actor: recommenderApprover }),
    ]) {
      for (const decision of ['APPROVE', 'REJECT', 'RETURN_TO_PENDING'] as StaffDecision[]) {
        expect(decide(req, decision)).toMatchObject({
          allowed: false,
          reason: 'recommenderCannotApprove',
        });
      }
    }
  });

  it('refuses the second approval by the first approver', () => {
    for (const decision of ['APPROVE', 'REJECT', 'RETURN_TO_PENDING'] as StaffDecision[]) {
      expect(decide(atSecondLevel({ actor: approverA }), decision)).toMatchObject({
        allowed: false,
        reason: 'alreadyApproved',
      });
    }
  });

  it('refuses an approver who approved this file in an earlier round', () => {
    expect(decide(atFirstLevel({ earlierApproverIds: ['approver-a'] }), 'APPROVE')).toMatchObject({
      allowed: false,
      reason: 'alreadyApproved',
    });
  });

  it('refuses approval-level decisions to staff without the approver role', () => {
    for (const req of [atFirstLevel({ actor: officer }), atSecondLevel({ actor: admin })]) {
      for (const decision of ['APPROVE', 'REJECT', 'RETURN_TO_PENDING'] as StaffDecision[]) {
        expect(decide(req, decision)).toMatchObject({ allowed: false, reason: 'notApprover' });
      }
    }
  });

  it('lets a staff member holding both roles approve a file someone else recommended', () => {
    const both = { staffId: 'officer-2', roles: ['CREDIT_OFFICER', 'APPROVER'] as StaffRole[] };
    expect(decide(atFirstLevel({ actor: both }), 'APPROVE')).toMatchObject({
      allowed: true,
      to: 'APPROVED',
    });
  });

  it('refuses an approval when no band covers the amount or the amount is unknown', () => {
    expect(decide(atFirstLevel({ amountSen: null }), 'APPROVE')).toMatchObject({
      allowed: false,
      reason: 'approvalLevelsUnknown',
    });
    expect(
      decide(
        atFirstLevel({ amountSen: 3_000_000, approvalBands: [{ upToSen: 2_000_000, levels: 1 }] }),
        'APPROVE',
      ),
    ).toMatchObject({ allowed: false, reason: 'approvalLevelsUnknown' });
  });

  it('refuses an approval when the recommender is not on record', () => {
    expect(decide(atFirstLevel({ recommenderId: null }), 'APPROVE')).toMatchObject({
      allowed: false,
      reason: 'recommenderUnknown',
    });
  });
});
