import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import type { SigningCodeSent } from '@lending/contracts';
import { useT } from '@lending/platform';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

import { ErrorNotice } from '../layout/notices';

// The steps every signer of an agreement goes through (the borrower and each guarantor): read the
// documents (signing-documents.tsx), get a one-time code by SMS, sign with it. What differs
// between signers is the documents and how they are worded, so those words come from the caller;
// the rest are the same for everyone.

export interface SigningCodeRequestLabels {
  /** Where the code goes and how long it lasts. */
  intro: ReactNode;
  /** The way on once a code was sent. */
  continue: ReactNode;
}

export interface SigningCodeRequestProps {
  sent: SigningCodeSent | null;
  sending: boolean;
  error: string | null;
  labels: SigningCodeRequestLabels;
  /** Why no code may be asked for yet (a document not opened), with `onBlocked` the way there;
   *  the send button is then disabled. */
  blocked?: ReactNode;
  onBlocked?: () => void;
  onSend: () => void;
  onContinue: () => void;
}

/** Asks for the signing code by SMS and says where it went. */
export function SigningCodeRequest(props: SigningCodeRequestProps) {
  const { t } = useT('ui');
  return (
    <Stack gap={4}>
      <Text>{props.labels.intro}</Text>
      {props.error ? <ErrorNotice title={props.error} /> : null}
      {props.sent ? (
        <Text role="status">{t('signing.code.sent', { to: props.sent.sentTo })}</Text>
      ) : null}
      {props.blocked ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{props.blocked}</Alert.Title>
        </Alert.Root>
      ) : null}
      {props.blocked && props.onBlocked ? (
        <Button variant="outline" onClick={props.onBlocked} alignSelf="flex-start">
          {t('signing.documents.back')}
        </Button>
      ) : null}
      <Button
        onClick={props.onSend}
        disabled={Boolean(props.blocked)}
        loading={props.sending}
        loadingText={t('signing.code.sending')}
        variant={props.sent ? 'outline' : 'solid'}
        alignSelf="flex-start"
      >
        {props.sent ? t('signing.code.resend') : t('signing.code.send')}
      </Button>
      {props.sent ? (
        <Button onClick={props.onContinue} alignSelf="flex-start">
          {props.labels.continue}
        </Button>
      ) : null}
    </Stack>
  );
}

export interface SigningCodeEntryProps {
  signing: boolean;
  error: string | null;
  /** What signing with the code means for this signer. */
  intro: ReactNode;
  onSign: (code: string) => void;
  onNewCode: () => void;
}

/** The 6-digit code and the signature; the server's refusal ("Invalid OTP") shown as it is, on
 *  the field it is about. */
export function SigningCodeEntry(props: SigningCodeEntryProps) {
  const { t } = useT('ui');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const errorId = useId();
  const complete = /^\d{6}$/.test(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (complete) props.onSign(code);
  };
  const message = props.error ?? (touched && !complete ? t('signing.sign.sixDigits') : null);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={4} maxW="sm">
        <Text>{props.intro}</Text>
        <Field.Root invalid={message !== null}>
          <Field.Label>{t('signing.sign.codeLabel')}</Field.Label>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-describedby={message ? errorId : undefined}
          />
          {message ? <Field.ErrorText id={errorId}>{message}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" loading={props.signing} loadingText={t('signing.sign.signing')}>
          {t('signing.sign.submit')}
        </Button>
        <Button variant="ghost" onClick={props.onNewCode} alignSelf="flex-start">
          {t('signing.sign.newCode')}
        </Button>
      </Stack>
    </form>
  );
}

/** A signer who reached the end without signing (or skipped a step): why, and the way back. */
export function SigningNotDone(props: {
  /** Instead of "Agreement not signed…", when a different step is missing. */
  message?: ReactNode;
  /** Instead of "Return to sign". */
  backLabel?: ReactNode;
  onBack: () => void;
}) {
  const { t } = useT('ui');
  return (
    <Stack gap={4}>
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{props.message ?? t('signing.notSigned')}</Alert.Title>
      </Alert.Root>
      <Button onClick={props.onBack} alignSelf="flex-start">
        {props.backLabel ?? t('signing.back')}
      </Button>
    </Stack>
  );
}
