import type { ApplicationStatus } from './application-status';
import {
  APPLICATION_PROGRESS_STEPS,
  APPLICATION_STATUS_MACHINE as machine,
  APPLICATION_STATUSES,
  CLOSED_APPLICATION_STATUSES,
  isApplicationStatus,
  isOpenApplicationStatus,
  nextProgressStep,
  OPEN_APPLICATION_STATUSES,
} from './application-status';
import { allowedTransitions, isTerminal, transition } from './state-machine';

const applicant = { actor: 'applicant' } as const;
const staff = { actor: 'staff', actorId: 'officer-1' } as const;

describe('application status machine', () => {
  it('lets the applicant submit a draft or an imported draft', () => {
    expect(transition(machine, 'DRAFT', 'PENDING', applicant)).toEqual({ ok: true });
    expect(transition(machine, 'IMPORTED_DRAFT', 'PENDING', applicant)).toEqual({ ok: true });
  });

  it('asks for a redo of the psychometric test when the scoring finds the answers unreliable', () => {
    expect(
      transition(machine, 'PSYCHOMETRIC_TEST', 'REDO_PSYCHOMETRIC_TEST', { actor: 'system' }),
    ).toEqual({ ok: true });
    expect(transition(machine, 'PSYCHOMETRIC_TEST', 'REDO_PSYCHOMETRIC_TEST', applicant)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it("does not let staff submit on the applicant's behalf", () => {
    expect(transition(machine, 'DRAFT', 'PENDING', staff)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('lets staff move a pending application to any assessment state', () => {
    expect(allowedTransitions(machine, 'PENDING', 'staff').sort()).toEqual(
      [
        'CANCELLED',
        'KIV',
        'PSYCHOMETRIC_TEST',
        'REDO_PSYCHOMETRIC_TEST',
        'REFERBACK',
        'REJECTED',
        'REQUESTED_FOR_INTERVIEW',
        'SUBMITTED_FOR_APPROVAL_1',
      ].sort(),
    );
  });

  it('does not let the applicant change a pending application', () => {
    expect(allowedTransitions(machine, 'PENDING', 'applicant')).toEqual([]);
    expect(transition(machine, 'PENDING', 'CANCELLED', applicant)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('lets the applicant resubmit after a referral back', () => {
    expect(transition(machine, 'REFERBACK', 'PENDING', applicant)).toEqual({ ok: true });
    expect(transition(machine, 'REFERBACK', 'SUBMITTED_FOR_APPROVAL_1', staff)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  it('lets staff move KIV and interview back to pending, on to approval, or reject', () => {
    for (const from of ['KIV', 'REQUESTED_FOR_INTERVIEW'] as const) {
      expect(allowedTransitions(machine, from, 'staff').sort()).toEqual(
        ['CANCELLED', 'PENDING', 'REJECTED', 'SUBMITTED_FOR_APPROVAL_1'].sort(),
      );
    }
  });

  it('returns a psychometric test to pending when it is taken', () => {
    expect(transition(machine, 'PSYCHOMETRIC_TEST', 'PENDING', applicant)).toEqual({ ok: true });
    expect(transition(machine, 'REDO_PSYCHOMETRIC_TEST', 'PENDING', { actor: 'system' })).toEqual({
      ok: true,
    });
    expect(transition(machine, 'PSYCHOMETRIC_TEST', 'APPROVED', staff)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  const firstApproval = {
    actor: 'staff',
    actorId: 'approver-1',
    recommenderId: 'officer-1',
  } as const;

  it('moves a first approval on to a second when the amount needs two approvals', () => {
    const twoLevels = { ...firstApproval, approvalLevels: 2 };
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'SUBMITTED_FOR_APPROVAL_2', twoLevels),
    ).toEqual({ ok: true });
    expect(transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'APPROVED', twoLevels)).toEqual({
      ok: false,
      reason: 'moreApprovalsNeeded',
    });
  });

  it('approves on the first approval when the amount needs only one', () => {
    const oneLevel = { ...firstApproval, approvalLevels: 1 };
    expect(transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'APPROVED', oneLevel)).toEqual({
      ok: true,
    });
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'SUBMITTED_FOR_APPROVAL_2', oneLevel),
    ).toEqual({ ok: false, reason: 'noMoreApprovalsNeeded' });
  });

  it('refuses a first approval when the approval levels of the amount are unknown', () => {
    expect(transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'APPROVED', firstApproval)).toEqual({
      ok: false,
      reason: 'approvalLevelsUnknown',
    });
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'SUBMITTED_FOR_APPROVAL_2', firstApproval),
    ).toEqual({ ok: false, reason: 'approvalLevelsUnknown' });
  });

  it('refuses a first approval by the officer who recommended the file', () => {
    for (const to of ['APPROVED', 'SUBMITTED_FOR_APPROVAL_2'] as const) {
      expect(
        transition(machine, 'SUBMITTED_FOR_APPROVAL_1', to, {
          ...firstApproval,
          actorId: 'officer-1',
          approvalLevels: to === 'APPROVED' ? 1 : 2,
        }),
      ).toEqual({ ok: false, reason: 'recommenderApproves' });
    }
  });

  it('refuses a first approval when the recommender is unknown', () => {
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'APPROVED', {
        actor: 'staff',
        actorId: 'approver-1',
        approvalLevels: 1,
      }),
    ).toEqual({ ok: false, reason: 'recommenderUnknown' });
  });

  it('refuses a first approval by someone who approved this file in an earlier round', () => {
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_1', 'APPROVED', {
        ...firstApproval,
        approvalLevels: 1,
        earlierApproverIds: ['approver-1'],
      }),
    ).toEqual({ ok: false, reason: 'sameApprover' });
  });

  it('lets an approval level reject the file or send it back to pending', () => {
    for (const from of ['SUBMITTED_FOR_APPROVAL_1', 'SUBMITTED_FOR_APPROVAL_2'] as const) {
      expect(transition(machine, from, 'REJECTED', staff)).toEqual({ ok: true });
      expect(transition(machine, from, 'PENDING', staff)).toEqual({ ok: true });
      expect(transition(machine, from, 'REFERBACK', staff)).toEqual({
        ok: false,
        reason: 'notAllowed',
      });
    }
  });

  it('approves only when the second approver differs from the first (four eyes)', () => {
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_2', 'APPROVED', {
        actor: 'staff',
        actorId: 'officer-2',
        firstApproverId: 'officer-1',
        recommenderId: 'officer-0',
      }),
    ).toEqual({ ok: true });
  });

  it('refuses approval by the same person who gave the first approval', () => {
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_2', 'APPROVED', {
        actor: 'staff',
        actorId: 'officer-1',
        firstApproverId: 'officer-1',
        recommenderId: 'officer-0',
      }),
    ).toEqual({ ok: false, reason: 'sameApprover' });
  });

  it('refuses a second approval by the officer who recommended the file', () => {
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_2', 'APPROVED', {
        actor: 'staff',
        actorId: 'officer-0',
        firstApproverId: 'officer-1',
        recommenderId: 'officer-0',
      }),
    ).toEqual({ ok: false, reason: 'recommenderApproves' });
  });

  it('refuses approval when either approver is unknown', () => {
    expect(
      transition(machine, 'SUBMITTED_FOR_APPROVAL_2', 'APPROVED', {
        actor: 'staff',
        actorId: 'officer-2',
      }),
    ).toEqual({
      ok: false,
      reason: 'approverUnknown',
    });
  });

  it('lets the second approver reject without the four-eyes check', () => {
    expect(transition(machine, 'SUBMITTED_FOR_APPROVAL_2', 'REJECTED', staff)).toEqual({
      ok: true,
    });
  });

  it('lets staff cancel any state before APPROVED', () => {
    for (const from of OPEN_APPLICATION_STATUSES) {
      expect(transition(machine, from, 'CANCELLED', staff)).toEqual({ ok: true });
    }
    expect(OPEN_APPLICATION_STATUSES).toHaveLength(10);
  });

  it('lets the applicant cancel only a draft', () => {
    expect(transition(machine, 'DRAFT', 'CANCELLED', applicant)).toEqual({ ok: true });
    expect(transition(machine, 'IMPORTED_DRAFT', 'CANCELLED', applicant)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
    expect(transition(machine, 'REFERBACK', 'CANCELLED', applicant)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('ends at REJECTED and CANCELLED', () => {
    for (const status of ['REJECTED', 'CANCELLED'] as const) {
      expect(isTerminal(machine, status)).toBe(true);
      expect(transition(machine, status, 'CANCELLED', staff)).toEqual({
        ok: false,
        reason: 'notAllowed',
      });
    }
    expect(isTerminal(machine, 'PENDING')).toBe(false);
  });

  it('lets staff cancel an approved application only while its agreement is unsigned', () => {
    expect(allowedTransitions(machine, 'APPROVED', 'staff')).toEqual(['CANCELLED']);
    expect(allowedTransitions(machine, 'APPROVED', 'applicant')).toEqual([]);
    expect(
      transition(machine, 'APPROVED', 'CANCELLED', { ...staff, agreementSigned: false }),
    ).toEqual({ ok: true });
    expect(
      transition(machine, 'APPROVED', 'CANCELLED', { ...staff, agreementSigned: true }),
    ).toEqual({ ok: false, reason: 'agreementSigned' });
    // A caller that did not look at the agreement cannot cancel.
    expect(transition(machine, 'APPROVED', 'CANCELLED', staff)).toEqual({
      ok: false,
      reason: 'agreementSigned',
    });
    expect(
      transition(machine, 'APPROVED', 'CANCELLED', { ...applicant, agreementSigned: false }),
    ).toEqual({ ok: false, reason: 'actorNotAllowed' });
  });

  it('closes the states the machine never leaves, and APPROVED', () => {
    const terminal = APPLICATION_STATUSES.filter((status) => isTerminal(machine, status));
    expect([...CLOSED_APPLICATION_STATUSES].sort()).toEqual([...terminal, 'APPROVED'].sort());
    for (const status of APPLICATION_STATUSES) {
      expect(isOpenApplicationStatus(status)).toBe(
        !(CLOSED_APPLICATION_STATUSES as readonly string[]).includes(status),
      );
    }
  });

  it('refuses a state it does not know', () => {
    expect(transition(machine, 'PENDING', 'ON_HOLD' as ApplicationStatus, staff)).toEqual({
      ok: false,
      reason: 'unknownState',
    });
    expect(isApplicationStatus('ON_HOLD')).toBe(false);
    expect(isApplicationStatus('KIV')).toBe(true);
  });

  it('reaches every status from a draft', () => {
    const reached = new Set<ApplicationStatus>(['DRAFT']);
    for (let changed = true; changed;) {
      changed = false;
      for (const rule of machine.rules) {
        if (reached.has(rule.from) && !reached.has(rule.to)) {
          reached.add(rule.to);
          changed = true;
        }
      }
    }
    expect([...reached, 'IMPORTED_DRAFT'].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });
});

describe('application progress steps', () => {
  it('lists the eight steps in order', () => {
    expect(APPLICATION_PROGRESS_STEPS[0]).toBe('APPLICATIONFORMCOMPLETED');
    expect(APPLICATION_PROGRESS_STEPS.at(-1)).toBe('AGREEMENT_SIGNING');
    expect(APPLICATION_PROGRESS_STEPS).toHaveLength(8);
  });

  it('names the first step not yet completed', () => {
    expect(nextProgressStep([])).toBe('APPLICATIONFORMCOMPLETED');
    expect(nextProgressStep(['APPLICATIONFORMCOMPLETED', 'EMAILVERIFICATIONCOMPLETED'])).toBe(
      'DOCUMENTUPLOADCOMPLETED',
    );
    expect(nextProgressStep(APPLICATION_PROGRESS_STEPS)).toBeUndefined();
  });
});
