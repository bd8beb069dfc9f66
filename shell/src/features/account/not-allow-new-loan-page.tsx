import {
  blockedUntil,
  dayText,
  useAccount,
  useLanguage,
  useSession,
  useT,
} from '@lending/platform';
import { Button, PageFrame, Stack, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

/** Shown while a rejected or temporarily banned applicant waits; the date is the lender's
 *  (Malaysia) calendar date. Pages that start a loan lead back here until then; the ways on are
 *  the applicant's own loan history, contacting the lender and signing out. */
export function NotAllowNewLoanPage() {
  const signedIn = useSession().accessToken !== null;
  const account = useAccount();
  const { user } = account;
  // The page is public (spec section 2): a visitor nobody knows, or an applicant whose wait is
  // over, is told what the page is about instead of being told their application failed.
  if (!signedIn || (user && !blockedUntil(account, new Date()))) {
    return <NothingToWaitFor signedIn={signedIn} />;
  }
  return <WaitingPage user={user} />;
}

function NothingToWaitFor({ signedIn }: { signedIn: boolean }) {
  const { t } = useT('shell');
  return (
    <PageFrame
      title={t(
        signedIn ? 'account.notAllowed.titleNotWaiting' : 'account.notAllowed.titleSignedOut',
      )}
    >
      <Text mb={6} role="status">
        {t(signedIn ? 'account.notAllowed.notWaiting' : 'account.notAllowed.signedOut')}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align="flex-start">
        <Button asChild colorPalette="brand">
          {signedIn ? (
            <RouterLink to="/home">{t('account.notAllowed.toHome')}</RouterLink>
          ) : (
            <RouterLink to="/?showLogin=true">{t('account.notAllowed.logIn')}</RouterLink>
          )}
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/contact-us">{t('account.notAllowed.contact')}</RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}

function WaitingPage({ user }: { user: ReturnType<typeof useAccount>['user'] }) {
  const { t } = useT('shell');
  const language = useLanguage();
  const until = user?.allowToApplyNewLoanAfterDateTime ?? null;
  const date = until ? dayText(until, language, 'long') : null;
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
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align="flex-start">
        <Button asChild colorPalette="brand">
          <RouterLink to="/loan-history">{t('account.notAllowed.history')}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/contact-us">{t('account.notAllowed.contact')}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/logout">{t('account.notAllowed.signOut')}</RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}
