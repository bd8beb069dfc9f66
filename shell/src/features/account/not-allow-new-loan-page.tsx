import { useAccount, useLanguage, useT } from '@lending/platform';
import { Button, PageFrame, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

/** Shown while a rejected applicant waits; the date is the lender's (Malaysia) calendar date. */
export function NotAllowNewLoanPage() {
  const { t } = useT('shell');
  const language = useLanguage();
  const until = useAccount().user?.allowToApplyNewLoanAfterDateTime ?? null;
  const date = until
    ? new Intl.DateTimeFormat(language === 'MS' ? 'ms-MY' : 'en-MY', {
        dateStyle: 'long',
        timeZone: 'Asia/Kuala_Lumpur',
      }).format(new Date(until))
    : null;
  return (
    <PageFrame title={t('account.notAllowed.title')}>
      <Text mb={6}>
        {date ? t('account.notAllowed.body', { date }) : t('account.notAllowed.bodyUnknown')}
      </Text>
      <Button asChild variant="outline">
        <RouterLink to="/">{t('account.notAllowed.home')}</RouterLink>
      </Button>
    </PageFrame>
  );
}
