import { navigate, useT } from '@lending/platform';
import { Alert, Button, HStack, Stack } from '@lending/ui';

/** Opens the sign-in dialog over the page asked for, so signing in comes back to it. */
export function openSignIn() {
  const url = new URL(window.location.href);
  url.searchParams.set('showLogin', 'true');
  navigate(url.pathname + url.search);
}

/** What a page that belongs to an account shows a visitor who is not signed in: why, and the two
 *  ways on (sign in, or register), in the visitor's language. */
export function SignInNeeded(props: { purpose: 'application' | 'verification' }) {
  const { t } = useT('mf-onboarding');
  return (
    <Stack gap={4} maxW="40rem" data-testid="sign-in-needed">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('signIn.title')}</Alert.Title>
          <Alert.Description>{t(`signIn.${props.purpose}`)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap={3} wrap="wrap">
        <Button colorPalette="brand" width={{ base: 'full', md: 'auto' }} onClick={openSignIn}>
          {t('signIn.logIn')}
        </Button>
        <Button
          variant="outline"
          width={{ base: 'full', md: 'auto' }}
          onClick={() => navigate('/registration')}
        >
          {t('signIn.register')}
        </Button>
      </HStack>
    </Stack>
  );
}
