import { errorMessage, navigate, registrationApi, useT } from '@lending/platform';
import { Button, ErrorNotice, PageFrame, Spinner, Stack, Text } from '@lending/ui';
import { useEffect, useState } from 'react';

import { CodeVerification } from './code-verification';

/** /application/email-verification: the application's email step, then document upload. */
export function EmailVerificationPage() {
  const { t } = useT('onboarding-registration');
  const [verified, setVerified] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    registrationApi
      .verificationStatus()
      .then((status) => setVerified(status.email.verified))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, []);

  return (
    <PageFrame title={t('emailVerification.title')} description={t('emailVerification.intro')}>
      <Stack gap="6" maxW="xl">
        {failure ? (
          <ErrorNotice title={failure} />
        ) : verified === null ? (
          <Spinner aria-label={t('registration.checking')} />
        ) : (
          <>
            <CodeVerification
              channel="email"
              title={t('verification.email')}
              verified={verified}
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
