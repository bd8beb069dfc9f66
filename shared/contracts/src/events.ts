import type { Application } from './api/application';
import type { TenantId } from './brand';

export type Language = 'EN' | 'MS';

export type ToastStatus = 'success' | 'error' | 'info' | 'warning';

export type RemoteFailureReason = 'fetch' | 'render' | 'timeout';

/**
 * Every event that crosses between the shell and the remotes. Remotes never import each other;
 * they announce changes here and refetch from the server when they hear one.
 */
export interface EventCatalogue {
  'language.changed': { language: Language };
  'brand.changed': { brand: TenantId };
  'session.changed': { loggedIn: boolean; userId: string | null };
  'navigation.requested': { to: string; replace?: boolean };
  /** `application`, when the sender has the saved application (a save's answer): the page's
   *  cache takes it instead of reading it again. */
  'application.updated': { applicationId: string; status?: string; application?: Application };
  'agreement.updated': { agreementId: string; status?: string };
  'toast.requested': { status: ToastStatus; title: string; description?: string };
  'remote.failed': { remote: string; reason: RemoteFailureReason; message: string };
  'remote.mounted': { remote: string; buildId: string };
}

export type EventType = keyof EventCatalogue;

export type BusEvent<K extends EventType = EventType> = {
  [T in K]: { type: T; payload: EventCatalogue[T]; at: number };
}[K];
