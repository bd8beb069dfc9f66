import type { AgreementView } from '@lending/contracts';
import { useT } from '@lending/platform';
import { loadStatusOf } from '@lending/platform/query';
import { Button, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useOffer } from './use-offer';

/** The frame of both offer screens: loading, a failure with retry, or no offer to show. */
export function OfferFrame({
  title,
  children,
}: {
  title: string;
  children: (agreement: AgreementView) => ReactNode;
}) {
  const { t } = useT('mf-loan-status');
  const { home, agreement } = useOffer();
  const none = home.data !== undefined && home.data.agreement === null;
  return (
    <PageFrame title={title}>
      <Stack gap={5} maxW="3xl">
        {none ? (
          <Stack gap={3} data-testid="offer-none">
            <Text>{t('offer.none')}</Text>
            <Button asChild variant="outline" alignSelf="flex-start">
              <RouterLink to="/home">{t('offer.home')}</RouterLink>
            </Button>
          </Stack>
        ) : (
          <LoadStatus
            {...loadStatusOf(...(home.data ? [home, agreement] : [home]))}
            loadingLabel={t('offer.loading')}
            errorTitle={t('offer.failed')}
          />
        )}
        {agreement.data ? children(agreement.data) : null}
      </Stack>
    </PageFrame>
  );
}
