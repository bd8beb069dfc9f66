import { AGREEMENT_STATUS_MACHINE as machine, isAgreementStatus } from './agreement-status';
import { allowedTransitions, isTerminal, transition } from './state-machine';

const applicant = { actor: 'applicant' } as const;
const staff = { actor: 'staff', actorId: 'officer-1' } as const;
const system = { actor: 'system' } as const;

describe('agreement status machine', () => {
  it('walks the video attestation path from approval to disbursement', () => {
    const steps = [
      ['LOANAPPLICATIONAPPROVED', 'PENDING_ATTESTATION', applicant],
      ['PENDING_ATTESTATION', 'ATTESTATIONOPTION', applicant],
      ['ATTESTATIONOPTION', 'DONE_VIDEO_ATTESTATION', applicant],
      ['DONE_VIDEO_ATTESTATION', 'ATTESTATIONCOMPLETED', staff],
      ['ATTESTATIONCOMPLETED', 'RnRApproved', staff],
      ['RnRApproved', 'PENDING_SIGNING', system],
      ['PENDING_SIGNING', 'AGREEMENTSIGNING', applicant],
      ['AGREEMENTSIGNING', 'PENDING_DISBURSEMENT', system],
      ['PENDING_DISBURSEMENT', 'DISBURSED', staff],
    ] as const;
    for (const [from, to, context] of steps) {
      expect(transition(machine, from, to, context)).toEqual({ ok: true });
    }
  });

  it('walks the live attestation path, attested by staff', () => {
    expect(
      transition(machine, 'ATTESTATIONOPTION', 'REQUESTED_FOR_LIVE_ATTESTATION', applicant),
    ).toEqual({ ok: true });
    expect(
      transition(machine, 'REQUESTED_FOR_LIVE_ATTESTATION', 'DONE_LIVE_ATTESTATION', staff),
    ).toEqual({ ok: true });
    expect(transition(machine, 'DONE_LIVE_ATTESTATION', 'ATTESTATIONCOMPLETED', staff)).toEqual({
      ok: true,
    });
  });

  it('does not let the borrower attest their own live call', () => {
    expect(
      transition(machine, 'REQUESTED_FOR_LIVE_ATTESTATION', 'DONE_LIVE_ATTESTATION', applicant),
    ).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('offers the borrower both attestation options, or to cancel', () => {
    expect(allowedTransitions(machine, 'ATTESTATIONOPTION', 'applicant').sort()).toEqual(
      ['CANCELLED', 'DONE_VIDEO_ATTESTATION', 'REQUESTED_FOR_LIVE_ATTESTATION'].sort(),
    );
  });

  it('refuses skipping the staff review before signing', () => {
    expect(transition(machine, 'ATTESTATIONCOMPLETED', 'PENDING_SIGNING', system)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(transition(machine, 'ATTESTATIONCOMPLETED', 'RnRApproved', applicant)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('waits for every required guarantor signature before disbursement', () => {
    expect(
      transition(machine, 'AGREEMENTSIGNING', 'PENDING_DISBURSEMENT', {
        actor: 'system',
        guarantorSignaturesPending: 1,
      }),
    ).toEqual({
      ok: false,
      reason: 'guarantorsNotSigned',
    });
    expect(
      transition(machine, 'AGREEMENTSIGNING', 'PENDING_DISBURSEMENT', {
        actor: 'system',
        guarantorSignaturesPending: 0,
      }),
    ).toEqual({
      ok: true,
    });
  });

  it('lets the borrower decline or cancel only before signing, and staff until disbursement', () => {
    expect(transition(machine, 'LOANAPPLICATIONAPPROVED', 'CANCELLED', applicant)).toEqual({
      ok: true,
    });
    expect(transition(machine, 'PENDING_SIGNING', 'CANCELLED', applicant)).toEqual({ ok: true });
    expect(transition(machine, 'AGREEMENTSIGNING', 'CANCELLED', applicant)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
    expect(transition(machine, 'PENDING_DISBURSEMENT', 'CANCELLED', staff)).toEqual({ ok: true });
    expect(transition(machine, 'DISBURSED', 'CANCELLED', staff)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  it('ends at DISBURSED or CANCELLED', () => {
    expect(isTerminal(machine, 'DISBURSED')).toBe(true);
    expect(isTerminal(machine, 'CANCELLED')).toBe(true);
    expect(isAgreementStatus('RnRApproved')).toBe(true);
    expect(isAgreementStatus('RNRAPPROVED')).toBe(false);
  });
});
