import type { ScreenDefinition } from '@lending/ui';
import { type ComponentType, lazy } from 'react';

/** Each screen's code arrives when its route is visited, so a route pays only for itself. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  {
    path: '/repayment-schedule',
    id: 'repaymentSchedule',
    component: page(
      () => import('../features/repayment/repayment-schedule-page'),
      'RepaymentSchedulePage',
    ),
  },
  {
    path: '/payment-history',
    id: 'paymentHistory',
    component: page(
      () => import('../features/repayment/payment-history-page'),
      'PaymentHistoryPage',
    ),
  },
  {
    path: '/pay-instalment-now',
    id: 'payInstalment',
    component: page(() => import('../features/pay-now/pay-now-pages'), 'PayInstalmentPage'),
  },
  {
    path: '/payment-result',
    id: 'paymentResult',
    component: page(() => import('../features/pay-now/pay-now-pages'), 'PaymentResultPage'),
  },
  {
    path: '/pending-payment',
    id: 'pendingPayment',
    component: page(() => import('../features/pay-now/pay-now-pages'), 'PendingPaymentPage'),
  },
  {
    path: '/request-e-invoice',
    id: 'requestEInvoice',
    component: page(
      () => import('../features/e-invoice/request-e-invoice-page'),
      'RequestEInvoicePage',
    ),
  },
];

export const JOURNEYS: Record<string, readonly string[]> = {};
