import { allowToApplyNewLoanAfter, mayApplyAgain } from './ban';

/** An instant given in Malaysia time (UTC+8). */
const myt = (local: string) => new Date(`${local}+08:00`);

describe('ban dates', () => {
  it('lets a rejected applicant apply again three months after the decision', () => {
    expect(allowToApplyNewLoanAfter(myt('2025-03-15T10:30:00'), 'REJECTION')).toEqual(
      myt('2025-06-15T10:30:00'),
    );
  });

  it('ends a temporary ban six months after the decision', () => {
    expect(allowToApplyNewLoanAfter(myt('2025-03-15T10:30:00'), 'TEMPORARY_BAN')).toEqual(
      myt('2025-09-15T10:30:00'),
    );
  });

  it('ends on the last day of a shorter month', () => {
    expect(allowToApplyNewLoanAfter(myt('2025-01-31T09:00:00'), 'REJECTION')).toEqual(
      myt('2025-04-30T09:00:00'),
    );
    expect(allowToApplyNewLoanAfter(myt('2025-11-30T09:00:00'), 'REJECTION')).toEqual(
      myt('2026-02-28T09:00:00'),
    );
    expect(allowToApplyNewLoanAfter(myt('2025-08-31T09:00:00'), 'TEMPORARY_BAN')).toEqual(
      myt('2026-02-28T09:00:00'),
    );
  });

  it('ends on 29 February in a leap year', () => {
    expect(allowToApplyNewLoanAfter(myt('2023-11-30T09:00:00'), 'REJECTION')).toEqual(
      myt('2024-02-29T09:00:00'),
    );
    expect(allowToApplyNewLoanAfter(myt('2023-08-31T09:00:00'), 'TEMPORARY_BAN')).toEqual(
      myt('2024-02-29T09:00:00'),
    );
    expect(allowToApplyNewLoanAfter(myt('2024-02-29T09:00:00'), 'TEMPORARY_BAN')).toEqual(
      myt('2024-08-29T09:00:00'),
    );
  });

  it('counts from the Malaysian date when the decision falls before 8 am Malaysia time', () => {
    // 30 Jan 16:30 UTC is already 31 Jan in Kuala Lumpur, so the ban ends on 30 Apr there.
    expect(allowToApplyNewLoanAfter(new Date('2025-01-30T16:30:00Z'), 'REJECTION')).toEqual(
      new Date('2025-04-29T16:30:00Z'),
    );
    // One minute earlier it is still 30 Jan in Kuala Lumpur.
    expect(allowToApplyNewLoanAfter(new Date('2025-01-30T15:59:00Z'), 'REJECTION')).toEqual(
      new Date('2025-04-30T15:59:00Z'),
    );
  });

  it('takes the ban lengths from the settings', () => {
    const settings = { rejectionBanMonths: 1, temporaryBanMonths: 12 };
    expect(allowToApplyNewLoanAfter(myt('2025-01-31T09:00:00'), 'REJECTION', settings)).toEqual(
      myt('2025-02-28T09:00:00'),
    );
    expect(allowToApplyNewLoanAfter(myt('2025-01-31T09:00:00'), 'TEMPORARY_BAN', settings)).toEqual(
      myt('2026-01-31T09:00:00'),
    );
  });
});

describe('applying again', () => {
  const allowAfter = myt('2025-06-15T10:30:00');

  it('refuses a new application before the ban ends', () => {
    expect(mayApplyAgain(myt('2025-06-15T10:29:59'), allowAfter)).toBe(false);
  });

  it('allows a new application from the instant the ban ends', () => {
    expect(mayApplyAgain(allowAfter, allowAfter)).toBe(true);
    expect(mayApplyAgain(myt('2025-07-01T00:00:00'), allowAfter)).toBe(true);
  });

  it('allows an applicant who was never banned', () => {
    expect(mayApplyAgain(myt('2025-06-15T10:29:59'), null)).toBe(true);
  });
});
