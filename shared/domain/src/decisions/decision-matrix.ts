import type { Sen } from '../money/money';
import type { ApplicationStatus } from '../status/application-status';
import { APPLICATION_STATUS_MACHINE, approverIsFresh } from '../status/application-status';
import type { TransitionContext, TransitionRefusal } from '../status/state-machine';
import { transition } from '../status/state-machine';
import type { ApprovalBand } from './approval-levels';
import { approvalLevelsFor } from './approval-levels';

/** Back-office roles. Applicants and guarantors are not staff. FINANCE pays money back out
 *  (credit left on a closed account). */
export const STAFF_ROLES = [
  'ADMIN',
  'CREDIT_OFFICER',
  'APPROVER',
  'CUSTOMER_SERVICE',
  'FINANCE',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_DECISIONS = [
  'KIV',
  'REQUEST_INTERVIEW',
  'REQUEST_PSYCHOMETRIC_TEST',
  'REDO_PSYCHOMETRIC_TEST',
  'REFER_BACK',
  'RETURN_TO_PENDING',
  'RECOMMEND',
  'APPROVE',
  'REJECT',
  'CANCEL',
] as const;
export type StaffDecision = (typeof STAFF_DECISIONS)[number];

/**
 * Assessment is everything before a recommendation; approval is the two approval levels. The
 * same decision may belong to different roles at each stage (an officer rejects while assessing,
 * an approver once the file is submitted for approval).
 */
export type DecisionStage = 'assessment' | 'approval';

const APPROVAL_STATUSES: readonly ApplicationStatus[] = [
  'SUBMITTED_FOR_APPROVAL_1',
  'SUBMITTED_FOR_APPROVAL_2',
];

export function decisionStageOf(status: ApplicationStatus): DecisionStage {
  return APPROVAL_STATUSES.includes(status) ? 'approval' : 'assessment';
}

/** Which role may take which decision, at each stage. The status machine says from where. */
export const DECISION_ROLES: Readonly<
  Record<StaffDecision, Readonly<Partial<Record<DecisionStage, readonly StaffRole[]>>>>
> = {
  KIV: { assessment: ['CREDIT_OFFICER'] },
  REQUEST_INTERVIEW: { assessment: ['CREDIT_OFFICER'] },
  REQUEST_PSYCHOMETRIC_TEST: { assessment: ['CREDIT_OFFICER'] },
  REDO_PSYCHOMETRIC_TEST: { assessment: ['CREDIT_OFFICER'] },
  REFER_BACK: { assessment: ['CREDIT_OFFICER'] },
  RETURN_TO_PENDING: { assessment: ['CREDIT_OFFICER'], approval: ['APPROVER'] },
  RECOMMEND: { assessment: ['CREDIT_OFFICER'] },
  APPROVE: { approval: ['APPROVER'] },
  REJECT: { assessment: ['CREDIT_OFFICER'], approval: ['APPROVER'] },
  CANCEL: { assessment: ['ADMIN'], approval: ['ADMIN'] },
};

const FIXED_TARGETS: Readonly<Record<Exclude<StaffDecision, 'APPROVE'>, ApplicationStatus>> = {
  KIV: 'KIV',
  REQUEST_INTERVIEW: 'REQUESTED_FOR_INTERVIEW',
  REQUEST_PSYCHOMETRIC_TEST: 'PSYCHOMETRIC_TEST',
  REDO_PSYCHOMETRIC_TEST: 'REDO_PSYCHOMETRIC_TEST',
  REFER_BACK: 'REFERBACK',
  RETURN_TO_PENDING: 'PENDING',
  RECOMMEND: 'SUBMITTED_FOR_APPROVAL_1',
  REJECT: 'REJECTED',
  CANCEL: 'CANCELLED',
};

export interface DecisionActor {
  staffId: string;
  roles: readonly StaffRole[];
}

export interface DecisionRequest {
  status: ApplicationStatus;
  actor: DecisionActor;
  /** The credit officer who recommended the terms now awaiting approval. */
  recommenderId?: string | null;
  /** Everyone who approved this file before, at any level or in an earlier round, oldest first. */
  earlierApproverIds?: readonly string[];
  /** The recommended amount, which sets how many approvals the file needs. */
  amountSen?: Sen | null;
  approvalBands: readonly ApprovalBand[];
  /** For an approved application: whether its agreement is signed (cancelling waits on it). */
  agreementSigned?: boolean;
}

export type DecisionRefusal =
  | 'wrongStatus'
  | 'roleNotAllowed'
  | 'notApprover'
  | 'recommenderCannotApprove'
  | 'alreadyApproved'
  | 'approverUnknown'
  | 'recommenderUnknown'
  | 'approvalLevelsUnknown';

export type DecisionVerdict =
  | { decision: StaffDecision; allowed: true; to: ApplicationStatus }
  | { decision: StaffDecision; allowed: false; reason: DecisionRefusal };

const REFUSAL_OF_MACHINE: Readonly<Record<TransitionRefusal, DecisionRefusal>> = {
  unknownState: 'wrongStatus',
  notAllowed: 'wrongStatus',
  actorNotAllowed: 'roleNotAllowed',
  approverUnknown: 'approverUnknown',
  sameApprover: 'alreadyApproved',
  recommenderUnknown: 'recommenderUnknown',
  recommenderApproves: 'recommenderCannotApprove',
  approvalLevelsUnknown: 'approvalLevelsUnknown',
  // The target of an approval follows the levels, so these mean the levels are not what we read.
  moreApprovalsNeeded: 'approvalLevelsUnknown',
  noMoreApprovalsNeeded: 'approvalLevelsUnknown',
  guarantorsNotSigned: 'wrongStatus',
  mandateNotActive: 'wrongStatus',
  agreementSigned: 'wrongStatus',
};

/** Where an approval leads: on to the second level, or approved when no more are needed. */
function approvalTarget(status: ApplicationStatus, levels: number | undefined): ApplicationStatus {
  return status === 'SUBMITTED_FOR_APPROVAL_1' && levels !== undefined && levels > 1
    ? 'SUBMITTED_FOR_APPROVAL_2'
    : 'APPROVED';
}

/**
 * Whether this staff member may take this decision on an application in this status, and the
 * status it leads to. At the approval levels every decision but cancelling is an approver's, and
 * four eyes holds: never the recommender, never someone who approved this file before.
 */
export function decide(request: DecisionRequest, decision: StaffDecision): DecisionVerdict {
  const refuse = (reason: DecisionRefusal): DecisionVerdict => ({
    decision,
    allowed: false,
    reason,
  });
  const { status, actor } = request;
  const stage = decisionStageOf(status);
  const levels =
    request.amountSen === undefined || request.amountSen === null
      ? undefined
      : approvalLevelsFor(request.amountSen, request.approvalBands);
  const to = decision === 'APPROVE' ? approvalTarget(status, levels) : FIXED_TARGETS[decision];
  const latestApprover = request.earlierApproverIds?.at(-1);
  const context: TransitionContext = {
    actor: 'staff',
    actorId: actor.staffId,
    ...(request.recommenderId ? { recommenderId: request.recommenderId } : {}),
    ...(latestApprover ? { firstApproverId: latestApprover } : {}),
    earlierApproverIds: request.earlierApproverIds ?? [],
    ...(levels === undefined ? {} : { approvalLevels: levels }),
    ...(request.agreementSigned === undefined ? {} : { agreementSigned: request.agreementSigned }),
  };
  const verdict = transition(APPLICATION_STATUS_MACHINE, status, to, context);
  if (!verdict.ok && (verdict.reason === 'notAllowed' || verdict.reason === 'unknownState')) {
    return refuse('wrongStatus');
  }
  const roles = DECISION_ROLES[decision][stage] ?? [];
  if (!actor.roles.some((role) => roles.includes(role))) {
    return refuse(stage === 'approval' && decision !== 'CANCEL' ? 'notApprover' : 'roleNotAllowed');
  }
  if (!verdict.ok) return refuse(REFUSAL_OF_MACHINE[verdict.reason]);
  // The machine checks four eyes on approvals; sending back and rejecting are held to it here.
  if (stage === 'approval' && decision !== 'CANCEL' && decision !== 'APPROVE') {
    const refusal = approverIsFresh(context);
    if (refusal) return refuse(REFUSAL_OF_MACHINE[refusal]);
  }
  return { decision, allowed: true, to };
}

/** Every decision with its verdict: what the back office offers this staff member, and why not. */
export function staffDecisions(request: DecisionRequest): DecisionVerdict[] {
  return STAFF_DECISIONS.map((decision) => decide(request, decision));
}
