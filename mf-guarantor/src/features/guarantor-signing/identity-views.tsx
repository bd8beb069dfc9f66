import type { GuarantorEkycStarted } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Alert, Button, ErrorNotice, Stack, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

// The guarantor's screens before the documents: the link, the identity check and its retry. They
// load without the signing entry (document reader, code entry), which only the later steps need.

/** A link that is missing, expired or already replaced: say so, and say what to do instead. */
export function LinkInvalid() {
  const { t } = useT('mf-guarantor');
  return (
    <Stack gap={4}>
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('guarantor.invalid.title')}</Alert.Title>
      </Alert.Root>
      <Text>{t('guarantor.invalid.body')}</Text>
      <Button asChild variant="outline" alignSelf="flex-start">
        <RouterLink to="/contact-us">{t('guarantor.invalid.contact')}</RouterLink>
      </Button>
    </Stack>
  );
}

/** Identity first: the guarantor opens the capture page, and this screen follows the outcome. */
export function IdentityCheck(props: {
  name: string;
  agreementNo: string;
  verified: boolean;
  started: GuarantorEkycStarted | null;
  starting: boolean;
  error: string | null;
  onStart: () => void;
  onContinue: () => void;
}) {
  const { t } = useT('mf-guarantor');
  if (props.verified) {
    return (
      <Stack gap={4}>
        <Text role="status">{t('guarantor.identity.verified')}</Text>
        <Button onClick={props.onContinue} alignSelf="flex-start">
          {t('guarantor.identity.continue')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Text>
        {t('guarantor.identity.intro', { name: props.name, agreementNo: props.agreementNo })}
      </Text>
      {props.error ? <ErrorNotice title={props.error} /> : null}
      {props.started ? (
        <>
          <Button asChild alignSelf="flex-start">
            <a href={props.started.captureUrl} target="_blank" rel="noopener noreferrer">
              {t('guarantor.identity.open')}
            </a>
          </Button>
          <Text role="status" aria-live="polite">
            {t('guarantor.identity.waiting')}
          </Text>
        </>
      ) : (
        <Button
          onClick={props.onStart}
          loading={props.starting}
          loadingText={t('guarantor.identity.starting')}
          alignSelf="flex-start"
        >
          {t('guarantor.identity.start')}
        </Button>
      )}
    </Stack>
  );
}

/** What the identity check answered (spec section 8 words, or the session's state), worded for
 *  a guarantor: the spec's message speaks of an application form and registering again, which a
 *  guarantor has neither of. */
const GUARANTOR_REASONS: Record<string, string> = {
  'Identity card does not match the application form, please register again and retry':
    'guarantor.retry.reasons.mismatch',
  'ID verification failed': 'guarantor.retry.reasons.failed',
  'Failed to complete eKYC': 'guarantor.retry.reasons.failed',
  FAILED: 'guarantor.retry.reasons.failed',
  EXPIRED: 'guarantor.retry.reasons.expired',
};

/** The eKYC said the person is not the one named on the link: the reason, and another try. */
export function VerificationRetry(props: {
  reason: string | null;
  starting: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useT('mf-guarantor');
  return (
    <Stack gap={4}>
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('guarantor.retry.failed')}</Alert.Title>
        {props.reason ? (
          <Alert.Description>
            {GUARANTOR_REASONS[props.reason] ? t(GUARANTOR_REASONS[props.reason]!) : props.reason}
          </Alert.Description>
        ) : null}
      </Alert.Root>
      <Text>{t('guarantor.retry.advice')}</Text>
      {props.error ? <ErrorNotice title={props.error} /> : null}
      <Button
        onClick={props.onRetry}
        loading={props.starting}
        loadingText={t('guarantor.identity.starting')}
        alignSelf="flex-start"
      >
        {t('guarantor.retry.again')}
      </Button>
    </Stack>
  );
}

/** The guarantee is signed: thanks, what happens next, and the signed copy. */
export function SignedNotice(props: { agreementNo: string; onViewAgreement: () => void }) {
  const { t } = useT('mf-guarantor');
  return (
    <Stack gap={4}>
      <Text role="status">{t('guarantor.complete.done', { agreementNo: props.agreementNo })}</Text>
      <Text>{t('guarantor.complete.next')}</Text>
      <Button variant="outline" onClick={props.onViewAgreement} alignSelf="flex-start">
        {t('guarantor.complete.view')}
      </Button>
    </Stack>
  );
}
