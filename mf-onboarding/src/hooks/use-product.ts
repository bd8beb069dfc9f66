import type { Product } from '@lending/contracts';
import { masterApi } from '@lending/platform';
import { useServerQuery } from '@lending/platform/query';

/** Under `master`: the same for every visitor, kept when the session changes hands. */
export const PRODUCT_QUERY_KEY = ['master', 'product'] as const;

/** The product as the lender has set it: loan limits and the simulation's monthly rate. Null
 *  while it loads or when it could not be read; callers then show no figure rather than a guess. */
export function useProduct(): { product: Product | null; failed: boolean } {
  const query = useServerQuery({
    queryKey: PRODUCT_QUERY_KEY,
    queryFn: () => masterApi.product(),
  });
  return { product: query.data ?? null, failed: query.isError };
}

/** A rate in basis points as the percentage people read: 150 -> "1.5". */
export function percentText(rateBp: number): string {
  return (rateBp / 100).toFixed(rateBp % 10 === 0 ? 1 : 2);
}
