export type Actor = 'applicant' | 'staff' | 'system';

export interface TransitionContext {
  actor: Actor;
  /** Who is acting, for the rules that compare people (four eyes). */
  actorId?: string;
  /** Who moved the application from SUBMITTED_FOR_APPROVAL_1 to SUBMITTED_FOR_APPROVAL_2. */
  firstApproverId?: string;
  /** Everyone who has approved this application before, in any earlier round. */
  earlierApproverIds?: readonly string[];
  /** The credit officer who recommended the terms (SUBMITTED_FOR_APPROVAL_1). */
  recommenderId?: string;
  /** How many approvals the recommended amount needs, from the product's approval bands. */
  approvalLevels?: number;
  /** Guarantors who still have to sign the agreement. */
  guarantorSignaturesPending?: number;
  /** Whether the agreement's direct-debit mandate is active; signing waits for it. */
  mandateActive?: boolean;
  /** Whether the approved application's agreement has been signed (or paid out). Cancelling an
   *  approved application needs the caller to have looked: unknown counts as signed. */
  agreementSigned?: boolean;
  /** The staff member who proposed a change another must approve (a write-off). */
  proposerId?: string;
}

export type TransitionRefusal =
  | 'unknownState'
  | 'notAllowed'
  | 'actorNotAllowed'
  | 'approverUnknown'
  | 'sameApprover'
  | 'recommenderUnknown'
  | 'recommenderApproves'
  | 'approvalLevelsUnknown'
  | 'moreApprovalsNeeded'
  | 'noMoreApprovalsNeeded'
  | 'guarantorsNotSigned'
  | 'mandateNotActive'
  | 'agreementSigned';

export type TransitionResult = { ok: true } | { ok: false; reason: TransitionRefusal };

export interface TransitionRule<S extends string> {
  from: S;
  to: S;
  actors: readonly Actor[];
  /** A further condition on the context; returns the refusal, or undefined to allow. */
  guard?: (context: TransitionContext) => TransitionRefusal | undefined;
}

export interface StateMachine<S extends string> {
  name: string;
  states: readonly S[];
  rules: readonly TransitionRule<S>[];
}

function isState<S extends string>(machine: StateMachine<S>, value: string): value is S {
  return (machine.states as readonly string[]).includes(value);
}

/** Whether `from -> to` may happen in this context, and if not, why. */
export function transition<S extends string>(
  machine: StateMachine<S>,
  from: S,
  to: S,
  context: TransitionContext,
): TransitionResult {
  if (!isState(machine, from) || !isState(machine, to))
    return { ok: false, reason: 'unknownState' };
  const rules = machine.rules.filter((rule) => rule.from === from && rule.to === to);
  if (rules.length === 0) return { ok: false, reason: 'notAllowed' };
  const rule = rules.find((candidate) => candidate.actors.includes(context.actor));
  if (!rule) return { ok: false, reason: 'actorNotAllowed' };
  const refusal = rule.guard?.(context);
  return refusal ? { ok: false, reason: refusal } : { ok: true };
}

/** The states this actor may move to from `from` (before any context guard). */
export function allowedTransitions<S extends string>(
  machine: StateMachine<S>,
  from: S,
  actor: Actor,
): S[] {
  const targets = machine.rules
    .filter((rule) => rule.from === from && rule.actors.includes(actor))
    .map((rule) => rule.to);
  return [...new Set(targets)];
}

/** States with no way out. */
export function isTerminal<S extends string>(machine: StateMachine<S>, state: S): boolean {
  return !machine.rules.some((rule) => rule.from === state);
}

/** Rules from each of `froms` to each of `tos`, performed by `actors`. */
export function transitionRules<S extends string>(
  froms: readonly S[],
  tos: readonly S[],
  actors: readonly Actor[],
  guard?: TransitionRule<S>['guard'],
): TransitionRule<S>[] {
  return froms.flatMap((from) =>
    tos.map((to) => (guard ? { from, to, actors, guard } : { from, to, actors })),
  );
}
