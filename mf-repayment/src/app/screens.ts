import type { ScreenDefinition } from '@lending/ui';

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  { path: '/repayment-schedule', id: 'repaymentSchedule' },
  { path: '/payment-history', id: 'paymentHistory' },
  { path: '/pay-instalment-now', id: 'payInstalment' },
  { path: '/payment-result', id: 'paymentResult' },
  { path: '/pending-payment', id: 'pendingPayment' },
  { path: '/request-e-invoice', id: 'requestEInvoice' },
];

export const JOURNEYS: Record<string, readonly string[]> = {};
