import type { Application, ReferredItem } from '@lending/contracts';
import { loanStatusApi, useAccount } from '@lending/platform';
import { queryKeys, useServerQuery } from '@lending/platform/query';

import { type Referback, referbackOf } from '../journey/referback';

/** What the lender referred back on the application, read from the loan status the home card
 *  also shows (the same cache entry). Nothing to read unless the application is REFERBACK. */
export function useReferback(application: Application | null): Referback {
  const userId = useAccount().user?.id ?? application?.userId ?? '';
  const referred = application?.status === 'REFERBACK';
  const query = useServerQuery({
    queryKey: queryKeys.application.home(userId),
    queryFn: () => loanStatusApi.home(),
    enabled: referred && userId !== '',
  });
  const items: ReferredItem[] | null | undefined =
    query.data === undefined
      ? undefined
      : query.data.application?.id === application?.id
        ? (query.data.referback?.items ?? null)
        : null;
  return referbackOf(application, items, query.isError);
}
