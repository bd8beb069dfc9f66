import type { StateMachine } from './state-machine';
import { transitionRules } from './state-machine';

/**
 * A payment the borrower makes through the payment gateway (online banking or card): pending from
 * the moment the gateway's page is opened until the gateway says it was paid or failed. Online
 * banking may stay pending for a while (the bank has not answered yet) and still end either way.
 * Only the gateway's word moves it, so only the system acts; a final state is final.
 */
export const GATEWAY_PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;

export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

export const GATEWAY_PAYMENT_STATUS_MACHINE: StateMachine<GatewayPaymentStatus> = {
  name: 'gateway-payment',
  states: GATEWAY_PAYMENT_STATUSES,
  rules: transitionRules(['PENDING'], ['PAID', 'FAILED'], ['system']),
};

export function isGatewayPaymentStatus(value: string): value is GatewayPaymentStatus {
  return (GATEWAY_PAYMENT_STATUSES as readonly string[]).includes(value);
}
