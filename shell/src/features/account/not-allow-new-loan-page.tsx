import { Link as RouterLink } from 'react-router-dom';
import { Button, PageFrame, Text } from '@lending/ui';
import { useT } from '@lending/platform';

export function NotAllowNewLoanPage({ allowedFrom }: { allowedFrom: string | null }) {
  const { t } = useT('shell');
  return (
    <PageFrame title={t('account.notAllowed.title')}>
      <Text mb={6}>
        {allowedFrom
          ? t('account.notAllowed.body', { date: allowedFrom })
          : t('account.notAllowed.bodyUnknown')}
      </Text>
      <Button asChild variant="outline">
        <RouterLink to="/">{t('account.notAllowed.home')}</RouterLink>
      </Button>
    </PageFrame>
  );
}
