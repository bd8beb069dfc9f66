import type { VerificationStatus } from '@lending/contracts';
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

/** /registration/verification: both the email and the mobile number, then the application. */
export function RegistrationVerificationPage() {
  const { t } = useT('onboarding-registration');
  const [status, setStatus] = useState<VerificationStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const signedIn = useSession().accessToken !== null;

  useEffect(() => {
    if (!signedIn) return;
    setRefused(false);
    registrationApi
      .verificationStatus()
      .then(setStatus)
      .catch((error: unknown) => {
        // A session that ended meanwhile is told as the sign-in it needs, not as a raw refusal.
        if (httpStatus(error) === 401) setRefused(true);
        else setFailure(errorMessage(error));
      });
  }, [signedIn]);

  return (
    <PageFrame title={t('verification.title')} description={t('verification.intro')}>
      <Stack gap="6" maxW="xl">
        {!signedIn || refused ? (
          <SignInNeeded purpose="verification" />
        ) : failure ? (
          <ErrorNotice title={failure} />
        ) : !status ? (
          <Spinner aria-label={t('registration.checking')} />
        ) : (
          <>
            <CodeVerification
              channel="email"
              title={t('verification.email')}
              verified={status.email.verified}
              pending={status.email.pending}
              onVerified={setStatus}
            />
            <CodeVerification
              channel="sms"
              title={t('verification.sms')}
              verified={status.sms.verified}
              pending={status.sms.pending}
              onVerified={setStatus}
            />
            <VerificationContinue
              emailVerified={status.email.verified}
              smsVerified={status.sms.verified}
            />
          </>
        )}
      </Stack>
    </PageFrame>
  );
}

/** Continue to the application once both are verified. Until then it stays reachable by keyboard
 *  and is described by what is still to verify, so no one is left with a dead button. */
export function VerificationContinue(props: { emailVerified: boolean; smsVerified: boolean }) {
  const { t } = useT('onboarding-registration');
  const { emailVerified, smsVerified } = props;
  const reason =
    emailVerified && smsVerified
      ? null
      : t(
          !emailVerified && !smsVerified
            ? 'verification.continueNeedsBoth'
            : !emailVerified
              ? 'verification.continueNeedsEmail'
              : 'verification.continueNeedsSms',
        );
  return (
    <Stack gap={2}>
      <Text color="gray.700" id="verification-continue-hint" aria-live="polite">
        {reason}
      </Text>
      <Button
        alignSelf={{ base: 'stretch', md: 'flex-start' }}
        aria-disabled={reason !== null}
        aria-describedby={reason !== null ? 'verification-continue-hint' : undefined}
        onClick={() => {
          if (reason === null) navigate('/application');
        }}
      >
        {t('verification.continue')}
      </Button>
    </Stack>
  );
}
