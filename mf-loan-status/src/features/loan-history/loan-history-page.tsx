import { LOAN_HISTORY_DEFAULTS } from '@lending/contracts';
import { loanStatusApi, useAccount, useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import { LoadStatus, PageFrame } from '@lending/ui';
import { useSearchParams } from 'react-router-dom';

import { LoanHistoryList } from './loan-history-list';

function positive(value: string | null, fallback: number, max: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

/** The applicant's applications, paged on the server; the page and size live in the address so
 *  going back returns to the same page. */
export function LoanHistoryPage() {
  const { t } = useT('mf-loan-status');
  const userId = useAccount().user?.id ?? '';
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), LOAN_HISTORY_DEFAULTS.page, 100_000);
  const size = positive(
    params.get('size'),
    LOAN_HISTORY_DEFAULTS.size,
    LOAN_HISTORY_DEFAULTS.maxSize,
  );
  const query = useServerQuery({
    queryKey: queryKeys.application.history(userId, page, size),
    queryFn: () => loanStatusApi.history(page, size),
    enabled: userId !== '',
  });
  return (
    <PageFrame title={t('screens.loanHistory.title')}>
      <LoadStatus
        {...loadStatusOf(query)}
        loadingLabel={t('history.loading')}
        errorTitle={t('history.failed')}
      />
      {query.data ? (
        <LoanHistoryList
          history={query.data}
          onPage={(next) => {
            const search = new URLSearchParams(params);
            search.set('page', String(next));
            setParams(search);
          }}
        />
      ) : null}
    </PageFrame>
  );
}
