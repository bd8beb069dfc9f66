import { useT } from '@lending/platform';
import { loadStatusOf } from '@lending/platform/query';
import { Link, LoadStatus, PageFrame, Stack } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

import { useHomeLoanStatus } from '../../hooks/use-home-loan-status';
import { LoanStatusCard } from './loan-status-card';

export function HomePage() {
  const { t } = useT('mf-loan-status');
  const query = useHomeLoanStatus();
  return (
    <PageFrame title={t('screens.home.title')}>
      <Stack gap={6} maxW="3xl">
        <LoadStatus
          {...loadStatusOf(query)}
          loadingLabel={t('home.loading')}
          errorTitle={t('home.failed')}
        />
        {query.data ? <LoanStatusCard home={query.data} /> : null}
        <nav aria-label={t('home.links')}>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: 2, sm: 6 }}>
            <Link asChild color="brand.link">
              <RouterLink to="/loan-history">{t('home.loanHistory')}</RouterLink>
            </Link>
            <Link asChild color="brand.link">
              <RouterLink to="/loan-status-check">{t('home.statusCheck')}</RouterLink>
            </Link>
            <Link asChild color="brand.link">
              <RouterLink to="/request-e-invoice">{t('home.requestEInvoice')}</RouterLink>
            </Link>
          </Stack>
        </nav>
      </Stack>
    </PageFrame>
  );
}
