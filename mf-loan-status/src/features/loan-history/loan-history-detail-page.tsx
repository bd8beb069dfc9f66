import { errorMessage, loanStatusApi, useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import { Button, LoadStatus, PageFrame, Stack } from '@lending/ui';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { agreementFiles, openAgreementFile } from '../../journey/agreement-files';
import { AgreementDocuments } from './agreement-documents';
import { LoanTimeline } from './loan-timeline';

export function LoanHistoryDetailPage() {
  const { t } = useT('mf-loan-status');
  const applicationId = useParams().applicationId ?? '';
  const query = useServerQuery({
    queryKey: queryKeys.application.historyItem(applicationId),
    queryFn: () => loanStatusApi.historyItem(applicationId),
    enabled: applicationId !== '',
  });
  const [error, setError] = useState<string | null>(null);
  const open = (load: () => Promise<Blob>) => {
    setError(null);
    openAgreementFile(load).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const agreement = query.data?.agreement;
  return (
    <PageFrame title={t('screens.loanHistoryDetail.title')}>
      <Stack gap={6}>
        <LoadStatus
          {...loadStatusOf(query)}
          loadingLabel={t('history.detailLoading')}
          errorTitle={t('history.detailFailed')}
        />
        {query.data ? <LoanTimeline detail={query.data} /> : null}
        {agreement ? (
          <AgreementDocuments
            agreement={agreement}
            error={error}
            onViewAgreement={() => open(() => agreementFiles.signed(agreement.id))}
            onViewECertificate={() => open(() => agreementFiles.eCertificate(agreement.id))}
          />
        ) : null}
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/loan-history">{t('history.back')}</RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}
