import {
  PUBLISHED_FIGURES_MAX_AGE_S,
  PUBLISHED_FIGURES_PATHS,
  type PublishedFigures,
} from '@lending/contracts';
import { api } from '@lending/platform';
import { useServerQuery } from '@lending/platform/query';

/** Under `master`: the same for every visitor, kept when the session changes hands. */
export const PUBLISHED_FIGURES_QUERY_KEY = ['master', 'published-figures'] as const;

/** The rates and fees the lender publishes, from its current product settings. Null while they
 *  load or when they could not be read: callers then show no figure rather than a guess. */
export function usePublishedFigures(): { figures: PublishedFigures | null; failed: boolean } {
  const query = useServerQuery({
    queryKey: PUBLISHED_FIGURES_QUERY_KEY,
    queryFn: async () =>
      (await api.master.get<PublishedFigures>(PUBLISHED_FIGURES_PATHS.current)).data,
    staleTime: PUBLISHED_FIGURES_MAX_AGE_S * 1000,
  });
  return { figures: query.data ?? null, failed: query.isError };
}
