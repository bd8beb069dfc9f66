import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lending/domain';
import { navigate, serverMessage, useT } from '@lending/platform';
import { Alert, Box, Button, Field, Input, LoadStatus, PageFrame, Stack } from '@lending/ui';
import { FormSubmit } from '@lending/ui/forms';
import { type FormEvent, useEffect, useState } from 'react';

import { errorCodeOf, staffApi } from './staff-api';
import { checkNewPassword } from './staff-form';

type LinkState = 'checking' | 'valid' | 'invalid' | 'failed' | 'done';

/** The form itself: a new password twice, checked by the product's password policy. */
export function SetPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<void> }) {
  const { t } = useT('mf-admin');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reason = checkNewPassword(password, confirmation);
    setProblem(reason);
    setFailure(null);
    if (reason) return;
    setBusy(true);
    try {
      await onSubmit(password);
    } catch (error) {
      setFailure(
        errorCodeOf(error) === 'PASSWORD_LINK_INVALID'
          ? t('setPassword.linkInvalid')
          : (serverMessage(error) ?? t('login.internal')),
      );
    } finally {
      setBusy(false);
    }
  };

  const message = problem
    ? t(`setPassword.problems.${problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })
    : null;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('setPassword.title')}>
      <Stack gap={4}>
        <Field.Root required invalid={problem !== null && problem !== 'mismatch'}>
          <Field.Label>{t('setPassword.password')}</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.HelperText>{t('setPassword.hint', { min: PASSWORD_MIN_LENGTH })}</Field.HelperText>
          <Field.ErrorText>{problem !== 'mismatch' ? message : null}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problem === 'mismatch'}>
          <Field.Label>{t('setPassword.confirm')}</Field.Label>
          <Input
            name="confirmation"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Field.ErrorText>{problem === 'mismatch' ? message : null}</Field.ErrorText>
        </Field.Root>
        <FormSubmit label={t('setPassword.submit')} loading={busy} failure={failure} />
      </Stack>
    </form>
  );
}

/** `/admin/set-password?token=…`: where the emailed link lands, new member or reset alike. */
export function SetPasswordPage() {
  const { t } = useT('mf-admin');
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [state, setState] = useState<LinkState>(token ? 'checking' : 'invalid');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    staffApi.checkPasswordLink(token).then(
      (valid) => live && setState(valid ? 'valid' : 'invalid'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  return (
    <PageFrame title={t('setPassword.title')}>
      <Box maxW="28rem" aria-live="polite">
        <LoadStatus
          loading={state === 'checking'}
          error={state === 'failed' ? '' : null}
          onRetry={() => {
            setState('checking');
            setAttempt(attempt + 1);
          }}
        />
        {state === 'invalid' ? (
          <Alert.Root status="warning" role="alert" data-testid="link-invalid">
            <Alert.Indicator />
            <Alert.Title>{t('setPassword.linkInvalid')}</Alert.Title>
          </Alert.Root>
        ) : null}
        {state === 'valid' ? (
          <SetPasswordForm
            onSubmit={async (password) => {
              await staffApi.setPassword(token, password);
              setState('done');
            }}
          />
        ) : null}
        {state === 'done' ? (
          <Stack gap={4}>
            <Alert.Root status="success" data-testid="password-set">
              <Alert.Indicator />
              <Alert.Title>{t('setPassword.done')}</Alert.Title>
            </Alert.Root>
            <Button alignSelf="flex-start" onClick={() => navigate('/admin/login')}>
              {t('setPassword.toLogin')}
            </Button>
          </Stack>
        ) : null}
      </Box>
    </PageFrame>
  );
}
