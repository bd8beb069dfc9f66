import { useAccount, useLanguage, useT } from '@lending/platform';
import { Button, PageFrame, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

/** Shown while a rejected or temporarily banned applicant waits; the date is the lender's
 *  (Malaysia) calendar date. Every other page leads back here until then, so the way on is to
 *  sign out. */
export function NotAllowNewLoanPage() {
  const { t } = useT('shell');
  const language = useLanguage();
  const user = useAccount().user;
  const until = user?.allowToApplyNewLoanAfterDateTime ?? null;
  const date = until
    ? new Intl.DateTimeFormat(language === 'MS' ? 'ms-MY' : 'en-MY', {
        dateStyle: 'long',
        timeZone: 'Asia/Kuala_Lumpur',
      }).format(new Date(until))
    : null;
  const body = !date
    ? t('account.notAllowed.bodyUnknown')
    : user?.newLoanBlockKind === 'TEMPORARY_BAN'
      ? t('account.notAllowed.bodyBanned', { date })
      : t('account.notAllowed.body', { date });
  return (
    <PageFrame title={t('account.notAllowed.title')}>
      <Text mb={6} role="status" data-testid="not-allow-new-loan-date">
        {body}
      </Text>
      <Button asChild variant="outline">
        <RouterLink to="/logout">{t('account.notAllowed.signOut')}</RouterLink>
      </Button>
    </PageFrame>
  );
}
