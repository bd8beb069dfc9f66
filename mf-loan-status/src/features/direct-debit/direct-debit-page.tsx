import { currentLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Button, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { useHomeLoanStatus } from '../../hooks/use-home-loan-status';
import { directDebitApi } from './direct-debit-api';
import { DirectDebitPanel } from './direct-debit-panel';

/** `/loan-status/direct-debit`: set up, follow and update the direct debit of the agreement (the
 *  bank sends the borrower back here with `?agreementId=`). */
export function DirectDebitPage() {
  const { t } = useT('mf-loan-status');
  const [params] = useSearchParams();
  const home = useHomeLoanStatus();
  const agreementId = params.get('agreementId') ?? home.data?.agreement?.id ?? '';
  const query = useServerQuery({
    queryKey: ['direct-debit', agreementId],
    queryFn: () => directDebitApi.view(agreementId),
    enabled: agreementId !== '',
  });
  return (
    <PageFrame title={t('screens.directDebit.title')}>
      <Stack gap={5} maxW="2xl">
        {agreementId === '' && !home.isLoading ? (
          <Text>{t('directDebit.noAgreement')}</Text>
        ) : (
          <LoadStatus
            {...loadStatusOf(query)}
            loadingLabel={t('directDebit.loading')}
            errorTitle={t('directDebit.failed')}
          />
        )}
        {query.data ? (
          <DirectDebitPanel
            view={query.data}
            language={currentLanguage()}
            onSubmit={async (body) => {
              const { authorisationUrl } = await directDebitApi.register(agreementId, body);
              // The bank's own page: it sends the borrower back here with its answer.
              window.location.assign(authorisationUrl);
            }}
            onRefresh={() => void query.refetch()}
          />
        ) : null}
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/home">{t('directDebit.back')}</RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}
