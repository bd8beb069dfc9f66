import type { StaffLoginStep, StaffSignedIn } from '@lending/contracts';
import {
  authApi,
  httpStatus,
  navigate,
  serverMessage,
  session,
  signInFailureMessage,
  useT,
} from '@lending/platform';
import { Box, Field, Input, PageFrame, Stack } from '@lending/ui';
import { FormSubmit } from '@lending/ui/forms';
import { type FormEvent, type ReactNode, useState } from 'react';

import { RecoveryCodes, SecondFactorForm, type SecondFactorProof } from '../staff/second-factor';
import { errorCodeOf } from '../staff/staff-api';
import { checkStaffLogin, type StaffLoginProblem } from './staff-session';

const HOME = '/admin/applications';

/** What a refused second step tells the person, by the server's error code. */
const SECOND_FACTOR_ERRORS: Record<string, string> = {
  TOTP_CODE_INVALID: 'secondFactor.errors.codeInvalid',
  TOTP_CODE_REPLAYED: 'secondFactor.errors.codeReplayed',
  RECOVERY_CODE_INVALID: 'secondFactor.errors.recoveryInvalid',
  SIGN_IN_CHALLENGE_EXPIRED: 'secondFactor.errors.expired',
  SIGN_IN_CHALLENGE_USED: 'secondFactor.errors.used',
  RATE_LIMITED: 'secondFactor.errors.tooMany',
};

/**
 * The back office's own sign-in (separate from applicants'): password, then authenticator.
 * `next` is where the person goes once signed in: the staff page they opened, when it asked them
 * to sign in first.
 */
export function StaffLogin({ next = HOME, notice }: { next?: string; notice?: ReactNode }) {
  const { t } = useT('mf-admin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<StaffLoginProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<StaffLoginStep | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkStaffLogin(email, password);
    setProblems(found);
    setFailure(null);
    if (found.length > 0) {
      document
        .querySelector<HTMLInputElement>(
          `form[data-form="staff-login"] input[name="${found[0] === 'passwordRequired' ? 'password' : 'email'}"]`,
        )
        ?.focus();
      return;
    }
    setBusy(true);
    try {
      setStep(await authApi.staffLogin({ email: email.trim().toLowerCase(), password }));
      setPassword('');
    } catch (error) {
      setFailure(
        signInFailureMessage(error, {
          invalidCredentials: t('login.invalidCredentials'),
          internal: t('login.internal'),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  const prove = async (proof: SecondFactorProof) => {
    if (!step) return;
    setBusy(true);
    setFailure(null);
    try {
      const signedIn: StaffSignedIn = await authApi.staffSecondFactor({
        challengeToken: step.challengeToken,
        ...proof,
      });
      session.setStaffTokens(signedIn);
      if (signedIn.recoveryCodes) setRecoveryCodes(signedIn.recoveryCodes);
      else navigate(next);
    } catch (error) {
      const code = errorCodeOf(error);
      const known = code ? SECOND_FACTOR_ERRORS[code] : undefined;
      // A challenge that has ended can only be replaced by the password step.
      if (code === 'SIGN_IN_CHALLENGE_EXPIRED' || code === 'SIGN_IN_CHALLENGE_USED') setStep(null);
      setFailure(
        known
          ? t(known)
          : httpStatus(error) === 401
            ? t('secondFactor.errors.codeInvalid')
            : (serverMessage(error) ?? t('login.internal')),
      );
    } finally {
      setBusy(false);
    }
  };

  const emailProblem = problems.find((p) => p !== 'passwordRequired');
  return (
    <PageFrame title={t('screens.adminLogin.title')}>
      <Box maxW="28rem">
        {notice && !step && !recoveryCodes ? <Box mb={4}>{notice}</Box> : null}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => navigate(next)} />
        ) : step ? (
          <SecondFactorForm
            step={step}
            busy={busy}
            failure={failure}
            onSubmit={(proof) => void prove(proof)}
          />
        ) : (
          <form
            noValidate
            data-form="staff-login"
            onSubmit={(event) => void submit(event)}
            aria-label={t('screens.adminLogin.title')}
          >
            <Stack gap={4}>
              <Field.Root required invalid={Boolean(emailProblem)}>
                <Field.Label>{t('login.email')}</Field.Label>
                <Input
                  name="email"
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
                <Field.ErrorText>
                  {emailProblem ? t(`login.${emailProblem}`) : null}
                </Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={problems.includes('passwordRequired')}>
                <Field.Label>{t('login.password')}</Field.Label>
                <Input
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Field.ErrorText>{t('login.passwordRequired')}</Field.ErrorText>
              </Field.Root>
              <FormSubmit label={t('login.submit')} loading={busy} failure={failure} />
            </Stack>
          </form>
        )}
      </Box>
    </PageFrame>
  );
}
