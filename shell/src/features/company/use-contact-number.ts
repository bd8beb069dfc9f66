import { api, useBrand } from '@lending/platform';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { value: string; at: number }>();
/** Brands whose number is being fetched: the footer and the contact page ask once between them. */
const asking = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the number fetched, or forgets the one held when the fetch failed: no number is
 *  shown rather than a wrong one, and the next page to need it asks again. */
function settle(brandId: string, value: string | null): void {
  asking.delete(brandId);
  if (value === null) cache.delete(brandId);
  else cache.set(brandId, { value, at: Date.now() });
  for (const listener of listeners) listener();
}

/** Pages rendered at build time know no number: hydration draws none, whatever this page has
 *  fetched meanwhile (the footer asks as soon as it is the app's), and the number follows. */
const noNumberYet = () => null;

/** The company's phone number comes from company settings (spec section 1), cached for five
 *  minutes (spec section 9). */
export function useContactNumber(): string | null {
  const brand = useBrand();
  const number = useSyncExternalStore(
    subscribe,
    useCallback(() => cache.get(brand.id)?.value ?? null, [brand.id]),
    noNumberYet,
  );

  useEffect(() => {
    const hit = cache.get(brand.id);
    if ((hit && Date.now() - hit.at < CACHE_MS) || asking.has(brand.id)) return;
    asking.add(brand.id);
    api.master.get<{ key: string; value: string }>('/api/companySettings/contactNumber/value').then(
      (response) => settle(brand.id, response.data.value),
      () => settle(brand.id, null),
    );
  }, [brand.id]);

  return number;
}

/** +60312345678 -> +60 3-1234 5678, +6088123456 -> +60 88-12 3456; mobile +60123456789 -> +60 12-345 6789. */
export function formatMalaysianPhone(e164: string): string {
  const match = /^\+60(\d+)$/.exec(e164);
  if (!match?.[1]) return e164;
  const national = match[1];
  if (national.startsWith('1')) {
    const prefix = national.slice(0, 2);
    const rest = national.slice(2);
    return `+60 ${prefix}-${rest.slice(0, rest.length - 4)} ${rest.slice(-4)}`;
  }
  // Landline area codes are one digit (3 Klang Valley, 4 to 7 and 9 Peninsular) except Sabah
  // and Sarawak's two-digit 8x.
  const area = national.startsWith('8') ? national.slice(0, 2) : national.slice(0, 1);
  const rest = national.slice(area.length);
  return `+60 ${area}-${rest.slice(0, rest.length - 4)} ${rest.slice(-4)}`;
}
