import type { LoginResponse } from '@lending/contracts';
import { accountStore, authApi, bus, session, signInFailureMessage, useT } from '@lending/platform';
import { HStack, Link, Stack, Text } from '@lending/ui';
import { FocusFirstError, FormSubmit, TextField } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import * as yup from 'yup';

import { CaptchaBox } from './captcha-box';
import type { LoginKind } from './login-tabs';
import { normalizeTypedEmail } from './sign-in-outcome';

interface Values {
  email: string;
  password: string;
  captchaToken: string;
}

interface LoginFormProps {
  kind: LoginKind;
  onSignedIn: (response: LoginResponse) => void;
  onLeave: () => void;
}

/** Email, password and the bot check (the telecom tab has a form of its own). */
export function LoginForm({ kind, onSignedIn, onLeave }: LoginFormProps) {
  const { t } = useT('shell');
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Sign in waits while the bot check is being asked, so a press right after the tick counts.
  const [captchaChecking, setCaptchaChecking] = useState(false);
  const needsCaptcha = kind === 'email';
  const ids = { captchaError: `captcha-error-${kind}` };

  const schema = yup.object({
    email: yup.string().required(t('validation.required', { label: t('login.email') })),
    password: yup.string().required(t('validation.required', { label: t('login.password') })),
    captchaToken: needsCaptcha
      ? yup.string().required(t('login.errors.botCheckRequired'))
      : yup.string(),
  });

  // One message in one place: the failure sits above the button, where the person looks next.
  const fail = useCallback((message: string) => setFailure(message), [setFailure]);

  return (
    <Formik<Values>
      initialValues={{ email: '', password: '', captchaToken: '' }}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        const email = normalizeTypedEmail(values.email);
        try {
          if (needsCaptcha) {
            let passed: boolean;
            try {
              passed = await authApi.verifyCaptcha(values.captchaToken);
            } catch {
              fail(t('login.errors.captchaInvalidKey'));
              return;
            }
            // The spec: a check that answers "not passed" says nothing; the box just resets.
            if (!passed) return;
          }
          // Signing in starts from a clean slate: nothing of an earlier session carries over.
          session.clear();
          accountStore.clear();
          const response = await authApi.login({
            email,
            password: values.password,
            captchaToken: values.captchaToken,
          });
          bus.emit('toast.requested', { status: 'success', title: t('login.success') });
          onSignedIn(response);
        } catch (error) {
          fail(
            signInFailureMessage(error, {
              invalidCredentials: t('login.errors.invalidCredentials'),
              internal: t('login.errors.internal'),
            }),
          );
        } finally {
          // A bot-check pass works once: every attempt needs a fresh tick. The emptied box is no
          // mistake of the person's: "please tick the box" waits for a submit without a tick.
          if (needsCaptcha) {
            helpers.setFieldValue('captchaToken', '', false);
            helpers.setFieldTouched('captchaToken', false, false);
            setAttempt((n) => n + 1);
          }
        }
      }}
    >
      {({ isSubmitting, setFieldValue, errors, touched }) => (
        <Form noValidate aria-label={t('login.title')}>
          <FocusFirstError />
          <Stack gap={4}>
            <TextField
              name="email"
              label={t('login.email')}
              markRequired={false}
              type="email"
              autoComplete="username"
              inputMode="email"
              transform={normalizeTypedEmail}
            />
            <TextField
              name="password"
              label={t('login.password')}
              markRequired={false}
              type="password"
              autoComplete="current-password"
            />
            {needsCaptcha ? (
              <Stack gap={1}>
                <CaptchaBox
                  resetKey={attempt}
                  invalid={Boolean(touched.captchaToken && errors.captchaToken)}
                  describedBy={ids.captchaError}
                  onChange={(token) => void setFieldValue('captchaToken', token ?? '')}
                  onChecking={setCaptchaChecking}
                />
                {touched.captchaToken && errors.captchaToken ? (
                  <Text id={ids.captchaError} color="red.600" fontSize="sm" role="alert">
                    {errors.captchaToken}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            <FormSubmit
              label={t('login.submit')}
              loading={isSubmitting || captchaChecking}
              loadingText={captchaChecking ? t('captcha.checking') : t('login.submitting')}
              failure={failure}
              failureTestId="login-error"
              fullWidth
            />
            <HStack justify="space-between" flexWrap="wrap" gap={2}>
              <Link asChild color="brand.primary">
                <RouterLink to="/reset-password-request" onClick={onLeave}>
                  {t('login.forgotPassword')}
                </RouterLink>
              </Link>
              <HStack gap={3}>
                <Link asChild color="brand.primary">
                  <RouterLink to="/registration" onClick={onLeave}>
                    {t('login.register')}
                  </RouterLink>
                </Link>
                <Link asChild color="brand.primary" fontWeight="semibold">
                  <RouterLink to="/registration" onClick={onLeave}>
                    {t('login.applyNow')}
                  </RouterLink>
                </Link>
              </HStack>
            </HStack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
