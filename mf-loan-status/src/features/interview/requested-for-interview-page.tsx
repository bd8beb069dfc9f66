import { useT } from '@lending/platform';
import { loadStatusOf } from '@lending/platform/query';
import { Button, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

import { useHomeLoanStatus } from '../../hooks/use-home-loan-status';
import { InterviewDetails } from './interview-details';

export function RequestedForInterviewPage() {
  const { t } = useT('mf-loan-status');
  const query = useHomeLoanStatus();
  const interview =
    query.data?.application?.status === 'REQUESTED_FOR_INTERVIEW' ? query.data.interview : null;
  return (
    <PageFrame title={t('screens.requestedForInterview.title')}>
      <Stack gap={5} maxW="2xl">
        <LoadStatus
          {...loadStatusOf(query)}
          loadingLabel={t('interview.loading')}
          errorTitle={t('interview.failed')}
        />
        {query.data ? (
          <>
            {interview ? <Text>{t('interview.intro')}</Text> : null}
            <InterviewDetails interview={interview} />
          </>
        ) : null}
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/home">{t('interview.back')}</RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}
