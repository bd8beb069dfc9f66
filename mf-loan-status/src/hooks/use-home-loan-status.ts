import { applyLoanStatus, loanStatusApi, useAccount } from '@lending/platform';
import { queryKeys, useServerQuery } from '@lending/platform/query';
import { useEffect } from 'react';

/** The home card's state from the server. Every fresh answer also updates the account summary,
 *  so the shell's blocked-from-new-loans check follows the latest decision at once. */
export function useHomeLoanStatus() {
  const userId = useAccount().user?.id ?? '';
  const query = useServerQuery({
    queryKey: queryKeys.application.home(userId),
    queryFn: () => loanStatusApi.home(),
    enabled: userId !== '',
  });
  const { data } = query;
  useEffect(() => {
    if (data) applyLoanStatus(data);
  }, [data]);
  return query;
}
