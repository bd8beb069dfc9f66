import { api, useBrand } from '@lending/platform';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

/** What is held for a brand: the answer and when it came, or that the last ask failed. */
export type Held<T> = { value: T; at: number } | { failed: true };

export interface BrandValueHook<T> {
  /** Undefined until the first answer, and on pages rendered at build time. */
  (): Held<T> | undefined;
  /** Forgets every answer (a test's fresh start). */
  forget(): void;
}

/**
 * One API answer per brand, shared by every page that shows it, asked again once older than
 * `maxAgeMs` or after a failure. Plain state outside React, so the public pages carry no query
 * library; pages rendered at build time and the first render in the browser both see nothing
 * held, so hydration matches.
 */
export function brandValue<T>(
  path: string,
  maxAgeMs: number,
  pick: (data: unknown) => T,
): BrandValueHook<T> {
  const held = new Map<string, Held<T>>();
  const asking = new Set<string>();
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const settle = (brandId: string, entry: Held<T>) => {
    asking.delete(brandId);
    held.set(brandId, entry);
    for (const listener of listeners) listener();
  };
  const nothingYet = () => undefined;

  const useValue = () => {
    const brand = useBrand();
    const entry = useSyncExternalStore(
      subscribe,
      useCallback(() => held.get(brand.id), [brand.id]),
      nothingYet,
    );
    useEffect(() => {
      const hit = held.get(brand.id);
      if ((hit && 'at' in hit && Date.now() - hit.at < maxAgeMs) || asking.has(brand.id)) return;
      asking.add(brand.id);
      api.master.get(path).then(
        (response) => settle(brand.id, { value: pick(response.data), at: Date.now() }),
        () => settle(brand.id, { failed: true }),
      );
    }, [brand.id]);
    return entry;
  };
  return Object.assign(useValue, {
    forget: () => {
      held.clear();
      asking.clear();
    },
  });
}
