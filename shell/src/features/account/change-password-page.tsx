import { useState } from 'react';
import { Formik, Form } from 'formik';
import * as yup from 'yup';
import { Alert, Box, Button, ErrorNotice, PageFrame, Stack } from '@lending/ui';
import { authApi, bus, errorMessage, useT } from '@lending/platform';
import { TextField } from './form-field';
import { newPasswordSchema } from './password-fields';

export function ChangePasswordPage() {
  const { t } = useT('shell');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const schema = yup.object({
    currentPassword: yup
      .string()
      .required(t('validation.required', { label: t('password.current') })),
    ...newPasswordSchema(t),
  });

  return (
    <PageFrame title={t('password.changeTitle')}>
      <Box maxW="32rem">
        {done ? (
          <Alert.Root status="success" role="status" mb={4} data-testid="password-changed">
            <Alert.Indicator />
            <Alert.Title>{t('password.changed')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Formik
          initialValues={{ currentPassword: '', password: '', confirmation: '' }}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            setFailure(null);
            setDone(false);
            try {
              await authApi.updatePassword(values.currentPassword, values.password);
              setDone(true);
              bus.emit('toast.requested', { status: 'success', title: t('password.changed') });
              helpers.resetForm();
            } catch (error) {
              setFailure(errorMessage(error));
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap={4}>
                <TextField
                  name="currentPassword"
                  label={t('password.currentLabel')}
                  type="password"
                  autoComplete="current-password"
                />
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
      </Box>
    </PageFrame>
  );
}
