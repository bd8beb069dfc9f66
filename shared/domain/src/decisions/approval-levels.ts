import type { Sen } from '../money/money';

/** One band of the approval-levels setting: amounts up to `upToSen` (null: any amount). */
export interface ApprovalBand {
  upToSen: Sen | null;
  levels: number;
}

/** Up to RM20,000 one approver signs off; above it two. */
export const DEFAULT_APPROVAL_BANDS: readonly ApprovalBand[] = [
  { upToSen: 2_000_000, levels: 1 },
  { upToSen: null, levels: 2 },
];

/** The machine knows two approval levels, SUBMITTED_FOR_APPROVAL_1 and _2. */
export const MAX_APPROVAL_LEVELS = 2;

/** How many approvals an amount needs: the first band (in order) that covers it. */
export function approvalLevelsFor(
  amountSen: Sen,
  bands: readonly ApprovalBand[] = DEFAULT_APPROVAL_BANDS,
): number | undefined {
  return bands.find((band) => band.upToSen === null || amountSen <= band.upToSen)?.levels;
}
