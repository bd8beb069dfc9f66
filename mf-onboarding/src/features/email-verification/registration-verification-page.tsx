import type { VerificationStatus } from '@lending/contracts';
import { errorMessage, navigate, registrationApi, useT } from '@lending/platform';
import { Button, ErrorNotice, PageFrame, Spinner, Stack } from '@lending/ui';
import { useEffect, useState } from 'react';

import { CodeVerification } from './code-verification';

/** /registration/verification: both the email and the mobile number, then the application. */
export function RegistrationVerificationPage() {
  const { t } = useT('onboarding-registration');
  const [status, setStatus] = useState<VerificationStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    registrationApi
      .verificationStatus()
      .then(setStatus)
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, []);

  return (
    <PageFrame title={t('verification.title')} description={t('verification.intro')}>
      <Stack gap="6" maxW="xl">
        {failure ? (
          <ErrorNotice title={failure} />
        ) : !status ? (
          <Spinner aria-label={t('registration.checking')} />
        ) : (
          <>
            <CodeVerification
              channel="email"
              title={t('verification.email')}
              verified={status.email.verified}
              onVerified={setStatus}
            />
            <CodeVerification
              channel="sms"
              title={t('verification.sms')}
              verified={status.sms.verified}
              onVerified={setStatus}
            />
            <Button
              alignSelf={{ base: 'stretch', md: 'flex-start' }}
              disabled={!status.email.verified || !status.sms.verified}
              onClick={() => navigate('/application')}
            >
              {t('verification.continue')}
            </Button>
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
