import { authApi, bus, useSubmitFailure, useT } from '@lending/platform';
import { Box, PageFrame, Stack, SuccessNotice } from '@lending/ui';
import { FormSubmit, TextField } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';

import { NewPasswordFields, newPasswordSchema } from './password-fields';

export function ChangePasswordPage() {
  const { t } = useT('shell');
  const { failure, attempt } = useSubmitFailure();
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
          <SuccessNotice mb={4} data-testid="password-changed" title={t('password.changed')} />
        ) : null}
        <Formik
          initialValues={{ currentPassword: '', password: '', confirmation: '' }}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            setDone(false);
            await attempt(async () => {
              await authApi.updatePassword(values.currentPassword, values.password);
              setDone(true);
              bus.emit('toast.requested', { status: 'success', title: t('password.changed') });
              helpers.resetForm();
            });
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap={4}>
                <TextField
                  name="currentPassword"
                  label={t('password.currentLabel')}
                  markRequired={false}
                  type="password"
                  autoComplete="current-password"
                />
                <NewPasswordFields />
                <FormSubmit label={t('password.save')} loading={isSubmitting} failure={failure} />
              </Stack>
            </Form>
          )}
        </Formik>
      </Box>
    </PageFrame>
  );
}
