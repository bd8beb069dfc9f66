import { accountStore, type AccountSummary, blockedUntil } from './account-store';
import { applyLoanStatus } from './refresh-account';

const now = new Date('2026-11-23T00:00:00Z');
const later = '2027-02-23T00:00:00.000Z';

const account = (
  status: string | null,
  until: string | null = later,
  kind: 'REJECTION' | 'TEMPORARY_BAN' | null = null,
): AccountSummary => ({
  user: {
    id: 'u1',
    firstName: 'Aina',
    allowToApplyNewLoanAfterDateTime: until,
    newLoanBlockKind: kind,
  },
  application: status ? { id: 'a1', status } : null,
  agreement: null,
});

describe('the block on new loans', () => {
  it('holds a rejected applicant until the date, then lets them go', () => {
    expect(blockedUntil(account('REJECTED'), now)).toBe(later);
    expect(blockedUntil(account('REJECTED', '2026-11-01T00:00:00.000Z'), now)).toBeNull();
    expect(blockedUntil(account('REJECTED', null), now)).toBeNull();
  });

  it('holds a temporarily banned applicant with no loan in progress', () => {
    expect(blockedUntil(account(null, later, 'TEMPORARY_BAN'), now)).toBe(later);
    expect(blockedUntil(account('CANCELLED', later, 'TEMPORARY_BAN'), now)).toBe(later);
  });

  it('leaves a loan in progress on its own screens', () => {
    expect(blockedUntil(account('PENDING'), now)).toBeNull();
    expect(blockedUntil(account('APPROVED'), now)).toBeNull();
    expect(blockedUntil(account('DRAFT'), now)).toBeNull();
  });

  it('follows a fresh loan status into the account summary', () => {
    accountStore.set(account('PENDING', null));
    applyLoanStatus({
      user: { allowToApplyNewLoanAfterDateTime: later, newLoanBlockKind: 'REJECTION' },
      application: {
        id: 'a1',
        referenceNo: 'AC-2026-000001',
        status: 'REJECTED',
        progressSteps: [],
        requestedAmountSen: 1_000_000,
        tenureMonths: 12,
        submittedAt: null,
        createdAt: '2026-10-01T00:00:00.000Z',
      },
    });
    expect(accountStore.current.application).toEqual({ id: 'a1', status: 'REJECTED' });
    expect(blockedUntil(accountStore.current, now)).toBe(later);
    accountStore.clear();
  });

  it('follows the agreement the menu is drawn from: none, unsigned, signed', () => {
    const approved = {
      id: 'a1',
      referenceNo: 'AC-2026-000002',
      status: 'APPROVED' as const,
      progressSteps: [],
      requestedAmountSen: 1_000_000,
      tenureMonths: 24,
      submittedAt: null,
      createdAt: '2026-10-01T00:00:00.000Z',
    };
    const user = { allowToApplyNewLoanAfterDateTime: null, newLoanBlockKind: null };
    accountStore.set({ ...account('APPROVED', null), agreement: { id: 'old', signDate: null } });
    applyLoanStatus({ user, application: approved });
    expect(accountStore.current.agreement).toEqual({ id: 'old', signDate: null });
    applyLoanStatus({
      user,
      application: approved,
      agreement: { id: 'g1', agreementStatus: 'PENDING_ATTESTATION', signDate: null },
    });
    expect(accountStore.current.agreement).toEqual({ id: 'g1', signDate: null });
    applyLoanStatus({
      user,
      application: approved,
      agreement: {
        id: 'g1',
        agreementStatus: 'AGREEMENTSIGNING',
        signDate: '2026-11-24T01:00:00.000Z',
      },
    });
    expect(accountStore.current.agreement).toEqual({
      id: 'g1',
      signDate: '2026-11-24T01:00:00.000Z',
    });
    applyLoanStatus({ user, application: null, agreement: null });
    expect(accountStore.current.agreement).toBeNull();
    accountStore.clear();
  });
});
