import type { StaffBankInSlipView } from '@lending/contracts';

/** A slip waiting for its one approval, as the staff queue lists it. */
export const WAITING_SLIP: StaffBankInSlipView = {
  id: 'slip',
  agreementId: '00000000-0000-4000-8000-000000000001',
  agreementNo: 'AGR-AC-2026-000123',
  borrowerName: 'Kedai Runcit Aminah',
  status: 'SUBMITTED',
  amountSen: 51_966,
  paidOn: '2026-03-01',
  originalFileName: 'slip.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 1000,
  submittedAt: '2026-03-01T02:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  rejectReason: null,
  rejectNote: null,
  receiptNo: null,
  approvalsNeeded: 1,
  firstApprovedBy: null,
  firstApprovedByName: null,
  actions: { approve: { allowed: true }, reject: { allowed: true } },
};
