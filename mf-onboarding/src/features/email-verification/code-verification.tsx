import type { SendCodeResponse, VerificationChannel, VerificationStatus } from '@lending/contracts';
import { errorMessage, registrationApi, useT } from '@lending/platform';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@lending/ui';
import { OTP_LENGTH, OtpInput } from '@lending/ui/screens';
import { useEffect, useState } from 'react';

/** Seconds left until `at`, ticking each second; 0 once passed. */
function useCountdown(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * One channel's code: send (and resend after the countdown), type the six digits, verify.
 * Tells the page the new status once verified.
 */
export function CodeVerification(props: {
  channel: VerificationChannel;
  title: string;
  verified: boolean;
  /** A code already sent and still valid (after a reload): its boxes are offered at once. */
  pending?: SendCodeResponse | null | undefined;
  onVerified: (status: VerificationStatus) => void;
}) {
  const { t } = useT('onboarding-registration');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(props.pending?.sentTo ?? null);
  const [resendAt, setResendAt] = useState<number | null>(() =>
    props.pending ? new Date(props.pending.resendAvailableAt).getTime() : null,
  );
  const [expiresAt, setExpiresAt] = useState<number | null>(() =>
    props.pending ? new Date(props.pending.expiresAt).getTime() : null,
  );
  const validFor = useCountdown(expiresAt);
  const expired = sentTo !== null && expiresAt !== null && validFor === 0;
  const [busy, setBusy] = useState<'sending' | 'verifying' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wait = useCountdown(resendAt);
  const errorId = `otp-${props.channel}-error`;

  const send = async () => {
    setBusy('sending');
    setError(null);
    try {
      const sent = await registrationApi.sendCode(props.channel);
      setSentTo(sent.sentTo);
      setResendAt(new Date(sent.resendAvailableAt).getTime());
      setExpiresAt(new Date(sent.expiresAt).getTime());
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (code.length !== OTP_LENGTH) {
      setError(t('validation.otp'));
      return;
    }
    setBusy('verifying');
    setError(null);
    try {
      props.onVerified(await registrationApi.verifyCode(props.channel, code));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
      <HStack justify="space-between" mb="3">
        <Heading as="h2" size="md">
          {props.title}
        </Heading>
        {props.verified ? <Badge colorPalette="green">{t('verification.verified')}</Badge> : null}
      </HStack>
      {props.verified ? null : (
        <Stack gap="3">
          <Text role="status">
            {!sentTo
              ? t('verification.notSent')
              : expired
                ? t('verification.expired')
                : t('verification.sentTo', { to: sentTo })}
          </Text>
          {sentTo && !expired ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void verify();
              }}
            >
              <Stack gap="3">
                <Text fontWeight="medium" aria-hidden>
                  {t('verification.codeLabel')}
                </Text>
                <OtpInput
                  value={code}
                  onChange={setCode}
                  groupLabel={t('verification.codeLabel')}
                  digitLabel={(index) => t('verification.digit', { index })}
                  invalid={Boolean(error)}
                  describedBy={error ? errorId : undefined}
                  disabled={busy !== null}
                />
                <Button
                  type="submit"
                  loading={busy === 'verifying'}
                  loadingText={t('verification.verifying')}
                  alignSelf="flex-start"
                >
                  {t('verification.verify')}
                </Button>
              </Stack>
            </form>
          ) : null}
          {error ? (
            <Text id={errorId} color="red.600" role="alert">
              {error}
            </Text>
          ) : null}
          <Button
            variant={sentTo ? 'outline' : 'solid'}
            onClick={() => void send()}
            disabled={wait > 0}
            loading={busy === 'sending'}
            loadingText={t('verification.sending')}
            alignSelf="flex-start"
          >
            {wait > 0
              ? t('verification.resendIn', { seconds: wait })
              : sentTo
                ? t('verification.resend')
                : t('verification.send')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
