import { authApi, useSubmitFailure, useT } from '@lending/platform';
import { Box, PageFrame, Stack, SuccessNotice, Text } from '@lending/ui';
import { FormSubmit, TextField } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';

import { CaptchaBox } from '../auth/captcha-box';
import { normalizeTypedEmail } from '../auth/sign-in-outcome';

/** Asks for a reset link. The answer never says whether the email has an account. */
export function ResetPasswordRequestPage() {
  const { t } = useT('shell');
  const [sent, setSent] = useState(false);
  const { failure, attempt: submit } = useSubmitFailure();
  const [attempt, setAttempt] = useState(0);
  // Sending waits while the bot check is being asked, so a press right after the tick counts.
  const [captchaChecking, setCaptchaChecking] = useState(false);

  const schema = yup.object({
    email: yup
      .string()
      .trim()
      .required(t('validation.required', { label: t('login.email') }))
      .email(t('validation.invalid', { label: t('login.email') })),
    captchaToken: yup.string().required(t('login.errors.botCheckRequired')),
  });

  return (
    <PageFrame title={t('password.resetRequestTitle')}>
      <Box maxW="32rem">
        {sent ? (
          <SuccessNotice data-testid="reset-requested" title={t('password.resetRequested')} />
        ) : (
          <Formik
            initialValues={{ email: '', captchaToken: '' }}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              const sentNow = await submit(async () => {
                await authApi.requestPasswordReset(
                  normalizeTypedEmail(values.email),
                  values.captchaToken,
                );
                setSent(true);
              });
              if (!sentNow) {
                await helpers.setFieldValue('captchaToken', '', false);
                setAttempt((n) => n + 1);
              }
            }}
          >
            {({ isSubmitting, setFieldValue, errors, submitCount }) => (
              <Form noValidate>
                <Stack gap={4}>
                  <Text>{t('password.resetRequestLead')}</Text>
                  <TextField
                    name="email"
                    label={t('login.email')}
                    markRequired={false}
                    type="email"
                    autoComplete="email"
                  />
                  <CaptchaBox
                    resetKey={attempt}
                    invalid={Boolean(submitCount > 0 && errors.captchaToken)}
                    describedBy="reset-captcha-error"
                    onChange={(token) =>
                      void setFieldValue('captchaToken', token ?? '', submitCount > 0)
                    }
                    onChecking={setCaptchaChecking}
                  />
                  {submitCount > 0 && errors.captchaToken ? (
                    <Text id="reset-captcha-error" color="red.600" fontSize="sm" role="alert">
                      {errors.captchaToken}
                    </Text>
                  ) : null}
                  <FormSubmit
                    label={t('password.sendLink')}
                    loading={isSubmitting || captchaChecking}
                    failure={failure}
                  />
                </Stack>
              </Form>
            )}
          </Formik>
        )}
      </Box>
    </PageFrame>
  );
}
