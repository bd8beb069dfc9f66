import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as part of the request `requestId`: what it writes to the audit log names it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return context.run({ requestId }, work);
}

/** The request the current work is part of; null outside a request (start-up, jobs). */
export function currentRequestId(): string | null {
  return context.getStore()?.requestId ?? null;
}
