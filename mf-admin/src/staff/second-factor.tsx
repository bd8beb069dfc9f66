import type { StaffLoginStep } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Box, Button, Field, Heading, Image, Input, Spinner, Stack, Text } from '@lending/ui';
import { FormSubmit } from '@lending/ui/forms';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';

export type SecondFactorProof = { code: string } | { recoveryCode: string };

/** Groups of four, the way authenticator apps show a key typed by hand. */
function spaced(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function AuthenticatorQr({ value, label }: { value: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Drawn as SVG in the page: no canvas needed, and the secret never leaves the browser.
    QRCode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setDataUrl(null),
    );
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <Box w="200px" h="200px" display="flex" alignItems="center" justifyContent="center">
      {dataUrl ? (
        <Image src={dataUrl} alt={label} w="200px" h="200px" data-testid="totp-qr" />
      ) : (
        <Spinner aria-label={label} />
      )}
    </Box>
  );
}

/**
 * The second step of staff sign-in: enrol an authenticator app (QR code, or the key typed by
 * hand) and confirm it with a first code, or give the app's code, or one recovery code.
 */
export function SecondFactorForm({
  step,
  onSubmit,
  busy,
  failure,
}: {
  step: StaffLoginStep;
  onSubmit: (proof: SecondFactorProof) => void;
  busy: boolean;
  failure: string | null;
}) {
  const { t } = useT('mf-admin');
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const enrol = step.step === 'ENROL';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.replace(/\s/g, '');
    if (useRecovery ? typed === '' : !/^\d{6}$/.test(typed)) {
      setProblem(useRecovery ? t('secondFactor.recoveryRequired') : t('secondFactor.codeFormat'));
      document.querySelector<HTMLInputElement>('form[data-form="second-factor"] input')?.focus();
      return;
    }
    setProblem(null);
    onSubmit(useRecovery ? { recoveryCode: typed } : { code: typed });
  };

  const switchKind = () => {
    setUseRecovery(!useRecovery);
    setValue('');
    setProblem(null);
  };

  return (
    <form
      noValidate
      data-form="second-factor"
      onSubmit={submit}
      aria-label={enrol ? t('secondFactor.enrolTitle') : t('secondFactor.title')}
    >
      <Stack gap={4}>
        <Heading as="h2" size="md">
          {enrol ? t('secondFactor.enrolTitle') : t('secondFactor.title')}
        </Heading>
        {step.step === 'ENROL' ? (
          <>
            <Text>{t('secondFactor.enrolIntro')}</Text>
            <AuthenticatorQr value={step.otpauthUrl} label={t('secondFactor.qrLabel')} />
            <Text>{t('secondFactor.manualKey')}</Text>
            <Text
              fontFamily="mono"
              fontSize="lg"
              wordBreak="break-all"
              data-testid="totp-secret"
              aria-label={t('secondFactor.keyLabel')}
            >
              {spaced(step.secret)}
            </Text>
          </>
        ) : (
          <Text>{useRecovery ? t('secondFactor.recoveryIntro') : t('secondFactor.codeIntro')}</Text>
        )}
        <Field.Root required invalid={Boolean(problem)}>
          <Field.Label>
            {useRecovery ? t('secondFactor.recoveryLabel') : t('secondFactor.codeLabel')}
          </Field.Label>
          <Input
            name={useRecovery ? 'recoveryCode' : 'code'}
            autoComplete="one-time-code"
            inputMode={useRecovery ? 'text' : 'numeric'}
            maxLength={useRecovery ? 64 : 7}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        <FormSubmit
          label={enrol ? t('secondFactor.confirm') : t('secondFactor.submit')}
          loading={busy}
          failure={failure}
        />
        {enrol ? null : (
          <Button variant="ghost" alignSelf="flex-start" onClick={switchKind}>
            {useRecovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** The recovery codes, once, right after enrolment: the person keeps them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useT('mf-admin');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Stack gap={4}>
      <Heading as="h2" size="md">
        {t('recoveryCodes.title')}
      </Heading>
      <Text>{t('recoveryCodes.intro')}</Text>
      <Box
        as="ul"
        listStyleType="none"
        fontFamily="mono"
        fontSize="md"
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}
        gap={2}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box aria-live="polite">
        {copied === 'yes' ? <Text>{t('recoveryCodes.copied')}</Text> : null}
        {copied === 'failed' ? <Text>{t('recoveryCodes.copyFailed')}</Text> : null}
      </Box>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
        <Button variant="outline" onClick={() => void copy()}>
          {t('recoveryCodes.copy')}
        </Button>
        <Button onClick={onDone} data-testid="recovery-codes-done">
          {t('recoveryCodes.done')}
        </Button>
      </Stack>
    </Stack>
  );
}
