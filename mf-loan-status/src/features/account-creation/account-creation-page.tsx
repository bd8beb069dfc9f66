import { useSession, useT } from '@lending/platform';
import { Button, PageFrame, Stack, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

/** `/loan-status/account-creation`: what an account is for and how to open one; a person who
 *  already has one is told so and led to their home page. */
export function AccountCreationPage() {
  const { t } = useT('mf-loan-status');
  const signedIn = useSession().accessToken !== null;
  return (
    <PageFrame title={t('screens.accountCreation.title')}>
      <Stack gap={4} maxW="2xl" align="flex-start">
        {signedIn ? (
          <>
            <Text>{t('accountCreation.ready')}</Text>
            <Button asChild colorPalette="brand">
              <RouterLink to="/home">{t('accountCreation.home')}</RouterLink>
            </Button>
          </>
        ) : (
          <>
            <Text>{t('accountCreation.intro')}</Text>
            <Stack as="ol" gap={1} ps={5}>
              <li>{t('accountCreation.steps.register')}</li>
              <li>{t('accountCreation.steps.verify')}</li>
              <li>{t('accountCreation.steps.apply')}</li>
            </Stack>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
              <Button asChild colorPalette="brand">
                <RouterLink to="/registration">{t('accountCreation.register')}</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="/?showLogin=true">{t('accountCreation.login')}</RouterLink>
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
