import type { GuarantorEkycStarted } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Alert, Button, ErrorNotice, Stack, Text } from '@lending/ui';
import {
  SigningCodeEntry,
  type SigningCodeEntryProps,
  SigningCodeRequest,
  type SigningCodeRequestProps,
  SigningDocumentReader,
  SigningNotDone,
} from '@lending/ui/screens';

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
        {props.reason ? <Alert.Description>{props.reason}</Alert.Description> : null}
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

/** The deed of guarantee read inline, then an explicit "I have read it" before asking for the
 *  code. */
export function AgreementReader(props: {
  documentUrl: string | null;
  agreementNo: string;
  error: string | null;
  onContinue: () => void;
}) {
  const { t } = useT('mf-guarantor');
  return (
    <SigningDocumentReader
      documentUrl={props.documentUrl}
      fileName={props.agreementNo}
      labels={{
        intro: t('guarantor.read.intro', { agreementNo: props.agreementNo }),
        frameTitle: t('guarantor.read.frameTitle'),
        download: t('guarantor.read.download'),
        confirm: t('guarantor.read.confirm'),
        loading: t('guarantor.read.loading'),
      }}
      error={props.error}
      onContinue={props.onContinue}
    />
  );
}

/** Asks for the signing code by SMS to the guarantor's phone. */
export function CodeRequest(props: Omit<SigningCodeRequestProps, 'labels'>) {
  const { t } = useT('mf-guarantor');
  return (
    <SigningCodeRequest
      {...props}
      labels={{ intro: t('guarantor.code.intro'), continue: t('guarantor.code.continue') }}
    />
  );
}

/** The 6-digit code and the guarantor's signature. */
export function SignWithCode(props: Omit<SigningCodeEntryProps, 'intro'>) {
  const { t } = useT('mf-guarantor');
  return <SigningCodeEntry {...props} intro={t('guarantor.sign.intro')} />;
}

/** After signing: thanks and the signed copy; before it, the way back to sign. */
export function SigningOutcome(props: {
  signed: boolean;
  agreementNo: string;
  notSignedMessage?: string;
  backLabel?: string;
  onViewAgreement: () => void;
  onBack: () => void;
}) {
  const { t } = useT('mf-guarantor');
  if (!props.signed) {
    return (
      <SigningNotDone
        message={props.notSignedMessage}
        backLabel={props.backLabel}
        onBack={props.onBack}
      />
    );
  }
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
