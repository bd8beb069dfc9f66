import { loanStatusApi, useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import { Button, LoadStatus, PageFrame, Stack } from '@lending/ui';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { LoanTimeline } from './loan-timeline';

export function LoanHistoryDetailPage() {
  const { t } = useT('mf-loan-status');
  const applicationId = useParams().applicationId ?? '';
  const query = useServerQuery({
    queryKey: queryKeys.application.historyItem(applicationId),
    queryFn: () => loanStatusApi.historyItem(applicationId),
    enabled: applicationId !== '',
  });
  return (
    <PageFrame title={t('screens.loanHistoryDetail.title')}>
      <Stack gap={6}>
        <LoadStatus
          {...loadStatusOf(query)}
          loadingLabel={t('history.detailLoading')}
          errorTitle={t('history.detailFailed')}
        />
        {query.data ? <LoanTimeline detail={query.data} /> : null}
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/loan-history">{t('history.back')}</RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}
