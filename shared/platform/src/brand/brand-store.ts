import type { BrandPack } from '@lending/contracts';
import { BehaviorSubject, type Observable } from 'rxjs';

/** The shell is built per brand and sets it at start; remotes read it here at run time, so one
 *  remote build serves both tenants. */
class BrandStore {
  private readonly brand$ = new BehaviorSubject<BrandPack | null>(null);

  set(brand: BrandPack): void {
    this.brand$.next(brand);
  }

  get current(): BrandPack | null {
    return this.brand$.value;
  }

  get changes(): Observable<BrandPack | null> {
    return this.brand$.asObservable();
  }

  require(): BrandPack {
    const brand = this.brand$.value;
    if (!brand)
      throw new Error('No brand set: the shell or the standalone harness sets it at start');
    return brand;
  }
}

export const brandStore = new BrandStore();
