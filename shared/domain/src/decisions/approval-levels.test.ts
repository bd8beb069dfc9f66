import { approvalLevelsFor, DEFAULT_APPROVAL_BANDS } from './approval-levels';

describe('approval levels by amount', () => {
  it('needs one approval up to and including the first band limit', () => {
    expect(approvalLevelsFor(2_000_000, DEFAULT_APPROVAL_BANDS)).toBe(1);
    expect(approvalLevelsFor(500_000)).toBe(1);
  });

  it('needs two approvals above it', () => {
    expect(approvalLevelsFor(2_000_001, DEFAULT_APPROVAL_BANDS)).toBe(2);
    expect(approvalLevelsFor(5_000_000)).toBe(2);
  });

  it('knows no levels for an amount no band covers', () => {
    expect(approvalLevelsFor(3_000_000, [{ upToSen: 2_000_000, levels: 1 }])).toBeUndefined();
  });
});
