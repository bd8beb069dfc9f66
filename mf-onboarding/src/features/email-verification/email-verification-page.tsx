import type { SendCodeResponse } from '@lending/contracts';
import {
  errorMessage,
  httpStatus,
  navigate,
  registrationApi,
  useSession,
  useT,
} from '@lending/platform';
import { Button, ErrorNotice, PageFrame, Spinner, Stack, Text } from '@lending/ui';
import { useEffect, useState } from 'react';

import { SignInNeeded } from '../../journey/sign-in-needed';
import { CodeVerification } from './code-verification';

/** /application/email-verification: the application's email step, then document upload. */
export function EmailVerificationPage() {
  const { t } = useT('onboarding-registration');
  const [verified, setVerified] = useState<boolean | null>(null);
  const [pending, setPending] = useState<SendCodeResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const signedIn = useSession().accessToken !== null;

  useEffect(() => {
    if (!signedIn) return;
    setRefused(false);
    registrationApi
      .verificationStatus()
      .then((status) => {
        setPending(status.email.pending ?? null);
        setVerified(status.email.verified);
      })
      .catch((error: unknown) => {
        // A session that ended meanwhile is told as the sign-in it needs, not as a raw refusal.
        if (httpStatus(error) === 401) setRefused(true);
        else setFailure(errorMessage(error));
      });
  }, [signedIn]);

  return (
    <PageFrame title={t('emailVerification.title')} description={t('emailVerification.intro')}>
      <Stack gap="6" maxW="xl">
        {!signedIn || refused ? (
          <SignInNeeded purpose="application" />
        ) : failure ? (
          <ErrorNotice title={failure} />
        ) : verified === null ? (
          <Spinner aria-label={t('registration.checking')} />
        ) : (
          <>
            <CodeVerification
              channel="email"
              title={t('verification.email')}
              verified={verified}
              pending={pending}
              onVerified={(status) => setVerified(status.email.verified)}
            />
            {verified ? (
              <>
                <Text role="status">{t('emailVerification.done')}</Text>
                <Button
                  alignSelf="flex-start"
                  onClick={() => navigate('/application/document-upload')}
                >
                  {t('emailVerification.continue')}
                </Button>
              </>
            ) : null}
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
