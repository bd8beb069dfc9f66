import { api, useBrand } from '@lending/platform';
import { useEffect, useState } from 'react';

const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { value: string; at: number }>();

/** The company's phone number comes from company settings (spec section 1), cached for five
 *  minutes (spec section 9). A failed fetch shows no number rather than a wrong one. */
export function useContactNumber(): string | null {
  const brand = useBrand();
  const cached = cache.get(brand.id);
  const [value, setValue] = useState<string | null>(cached?.value ?? null);

  useEffect(() => {
    const hit = cache.get(brand.id);
    if (hit && Date.now() - hit.at < CACHE_MS) {
      setValue(hit.value);
      return;
    }
    let cancelled = false;
    api.master
      .get<{ key: string; value: string }>('/api/companySettings/contactNumber/value')
      .then((response) => {
        cache.set(brand.id, { value: response.data.value, at: Date.now() });
        if (!cancelled) setValue(response.data.value);
      })
      .catch(() => {
        if (!cancelled) setValue(null);
      });
    return () => {
      cancelled = true;
    };
  }, [brand.id]);

  return value;
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
