import { authApi, navigate, session, signInFailureMessage, useT } from '@lending/platform';
import { Box, Field, FormSubmit, Input, PageFrame, Stack } from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { checkStaffLogin, type StaffLoginProblem } from './staff-session';

/** The back office's own sign-in (separate from applicants'). */
export function StaffLogin() {
  const { t } = useT('mf-admin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<StaffLoginProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkStaffLogin(email, password);
    setProblems(found);
    setFailure(null);
    if (found.length > 0) {
      document
        .getElementById(found[0] === 'passwordRequired' ? 'staff-password' : 'staff-email')
        ?.focus();
      return;
    }
    setBusy(true);
    try {
      const tokens = await authApi.staffLogin({ email: email.trim().toLowerCase(), password });
      session.setStaffTokens(tokens);
      navigate('/admin/applications');
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

  const emailProblem = problems.find((p) => p !== 'passwordRequired');
  return (
    <PageFrame title={t('screens.adminLogin.title')}>
      <Box maxW="28rem">
        <form
          noValidate
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
              <Field.ErrorText>{emailProblem ? t(`login.${emailProblem}`) : null}</Field.ErrorText>
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
      </Box>
    </PageFrame>
  );
}
