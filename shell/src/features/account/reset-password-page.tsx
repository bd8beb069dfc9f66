import { authApi, useSubmitFailure, useT } from '@lending/platform';
import { Alert, Box, Link, PageFrame, Spinner, Stack, SuccessNotice, Text } from '@lending/ui';
import { FormSubmit } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import * as yup from 'yup';

import { NewPasswordFields, newPasswordSchema } from './password-fields';

type LinkState = 'checking' | 'valid' | 'invalid' | 'done';

/** Where the emailed link lands: checks the link, then takes the new password. */
export function ResetPasswordPage() {
  const { t } = useT('shell');
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [state, setState] = useState<LinkState>('checking');
  const { failure, attempt } = useSubmitFailure();

  useEffect(() => {
    let live = true;
    if (!token) {
      setState('invalid');
      return;
    }
    authApi
      .checkResetToken(token)
      .then((valid) => live && setState(valid ? 'valid' : 'invalid'))
      .catch(() => live && setState('invalid'));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <PageFrame title={t('password.resetTitle')}>
      <Box maxW="32rem">
        {state === 'checking' ? (
          <Stack direction="row" gap={2} role="status">
            <Spinner size="sm" />
            <Text>{t('password.checkingLink')}</Text>
          </Stack>
        ) : null}
        {state === 'invalid' ? (
          <Alert.Root status="warning" role="alert" data-testid="reset-link-invalid">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('password.linkInvalid')}</Alert.Title>
              <Alert.Description>
                <Link asChild color="brand.primary">
                  <RouterLink to="/reset-password-request">
                    {t('password.requestNewLink')}
                  </RouterLink>
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {state === 'done' ? (
          <SuccessNotice
            data-testid="reset-done"
            title={t('password.resetDone')}
            description={
              <Link asChild color="brand.primary">
                <RouterLink to="/?showLogin=true">{t('nav.login')}</RouterLink>
              </Link>
            }
          />
        ) : null}
        {state === 'valid' ? (
          <Formik
            initialValues={{ password: '', confirmation: '' }}
            validationSchema={yup.object(newPasswordSchema(t))}
            onSubmit={(values) =>
              attempt(async () => {
                await authApi.resetPassword(token, values.password);
                setState('done');
              })
            }
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <Stack gap={4}>
                  <NewPasswordFields />
                  <FormSubmit label={t('password.save')} loading={isSubmitting} failure={failure} />
                </Stack>
              </Form>
            )}
          </Formik>
        ) : null}
      </Box>
    </PageFrame>
  );
}
