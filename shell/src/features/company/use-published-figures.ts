import {
  PUBLISHED_FIGURES_MAX_AGE_S,
  PUBLISHED_FIGURES_PATHS,
  type PublishedFigures,
} from '@lending/contracts';

import { brandValue } from './brand-value';

/** The rates and fees the lender publishes, from its current product settings, kept as long as
 *  the API lets caches keep them. */
export const usePublishedFiguresHeld = brandValue(
  PUBLISHED_FIGURES_PATHS.current,
  PUBLISHED_FIGURES_MAX_AGE_S * 1000,
  (data) => data as PublishedFigures,
);

/** Null while loading or when the answer could not be read: show no figure, never a guess. */
export function usePublishedFigures(): { figures: PublishedFigures | null; failed: boolean } {
  const held = usePublishedFiguresHeld();
  return held && 'value' in held
    ? { figures: held.value, failed: false }
    : { figures: null, failed: !!held };
}

/** Basis points as the percentage people read, without trailing zeros: 1200 -> "12",
 *  1680 -> "16.8", 150 -> "1.5", 1275 -> "12.75". */
export function percentOf(bp: number): string {
  return String(Number((bp / 100).toFixed(2)));
}
