import { useEffect, useState } from 'react';
import { Formik, Form } from 'formik';
import * as yup from 'yup';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  ErrorNotice,
  Link,
  PageFrame,
  Spinner,
  Stack,
  Text,
} from '@lending/ui';
import { authApi, errorMessage, useT } from '@lending/platform';
import { TextField } from './form-field';
import { newPasswordSchema } from './password-fields';

type LinkState = 'checking' | 'valid' | 'invalid' | 'done';

/** Where the emailed link lands: checks the link, then takes the new password. */
export function ResetPasswordPage() {
  const { t } = useT('shell');
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [state, setState] = useState<LinkState>('checking');
  const [failure, setFailure] = useState<string | null>(null);

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
          <Alert.Root status="success" role="status" data-testid="reset-done">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('password.resetDone')}</Alert.Title>
              <Alert.Description>
                <Link asChild color="brand.primary">
                  <RouterLink to="/?showLogin=true">{t('nav.login')}</RouterLink>
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {state === 'valid' ? (
          <Formik
            initialValues={{ password: '', confirmation: '' }}
            validationSchema={yup.object(newPasswordSchema(t))}
            onSubmit={async (values) => {
              setFailure(null);
              try {
                await authApi.resetPassword(token, values.password);
                setState('done');
              } catch (error) {
                setFailure(errorMessage(error));
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <Stack gap={4}>
                  <TextField
                    name="password"
                    label={t('password.newLabel')}
                    type="password"
                    autoComplete="new-password"
                  />
                  <TextField
                    name="confirmation"
                    label={t('password.confirmLabel')}
                    type="password"
                    autoComplete="new-password"
                  />
                  {failure ? <ErrorNotice title={failure} /> : null}
                  <Button
                    type="submit"
                    loading={isSubmitting}
                    bg="brand.secondaryFill"
                    color="white"
                    alignSelf="flex-start"
                  >
                    {t('password.save')}
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        ) : null}
      </Box>
    </PageFrame>
  );
}
