import type { BusEvent, EventCatalogue, EventType } from '@lending/contracts';
import { filter, map, type Observable, Subject } from 'rxjs';

/** The page's one event bus. Events are announcements: state that must survive late subscribers
 *  lives in the stores (session, brand, language), not here. */
export class EventBus {
  private readonly events$ = new Subject<BusEvent>();

  emit<K extends EventType>(type: K, payload: EventCatalogue[K]): void {
    this.events$.next({ type, payload, at: Date.now() } as BusEvent);
  }

  on<K extends EventType>(type: K): Observable<EventCatalogue[K]> {
    return this.events$.pipe(
      filter((event) => event.type === type),
      map((event) => event.payload as EventCatalogue[K]),
    );
  }

  all(): Observable<BusEvent> {
    return this.events$.asObservable();
  }
}

export const bus = new EventBus();
