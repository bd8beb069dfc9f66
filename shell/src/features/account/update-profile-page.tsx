import { authApi, bus, errorMessage, useT } from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import { Box, ErrorNotice, Heading, Link, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { FormSubmit, TextField } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import * as yup from 'yup';

import { normalizeTypedEmail } from '../auth/sign-in-outcome';
import { MyDataDownload } from './my-data-download';

export function UpdateProfilePage() {
  const { t } = useT('shell');
  const profile = useServerQuery({ queryKey: queryKeys.profile.me(), queryFn: () => authApi.me() });
  const user = profile.data ?? null;
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <PageFrame title={t('nav.updateProfile')}>
      <Box maxW="32rem">
        <LoadStatus {...loadStatusOf(profile)} loadingLabel={t('profile.loading')} />
        {failure ? <ErrorNotice mb={4} title={failure} /> : null}
        {user ? (
          <Stack gap={6}>
            <Box as="dl" data-testid="profile-details">
              <Text as="dt" fontWeight="semibold">
                {t('profile.name')}
              </Text>
              <Text as="dd" mb={2}>
                {user.firstName}
              </Text>
              <Text as="dt" fontWeight="semibold">
                {t('profile.phone')}
              </Text>
              <Text as="dd">{user.phoneNo ?? '—'}</Text>
            </Box>
            <Formik
              initialValues={{ email: user.email }}
              enableReinitialize
              validationSchema={yup.object({
                email: yup
                  .string()
                  .trim()
                  .required(t('validation.required', { label: t('login.email') }))
                  .email(t('validation.invalid', { label: t('login.email') })),
              })}
              onSubmit={async (values) => {
                setFailure(null);
                try {
                  const updated = await authApi.updateEmail(
                    user.id,
                    normalizeTypedEmail(values.email),
                  );
                  queryClient.setQueryData(queryKeys.profile.me(), updated);
                  bus.emit('toast.requested', { status: 'success', title: t('profile.saved') });
                } catch (error) {
                  setFailure(errorMessage(error));
                }
              }}
            >
              {({ isSubmitting, dirty }) => (
                <Form noValidate>
                  <Stack gap={4}>
                    <Heading as="h2" size="md">
                      {t('profile.emailHeading')}
                    </Heading>
                    <TextField
                      name="email"
                      label={t('login.email')}
                      markRequired={false}
                      type="email"
                      autoComplete="email"
                    />
                    <FormSubmit
                      label={t('profile.saveEmail')}
                      loading={isSubmitting}
                      disabled={!dirty}
                    />
                  </Stack>
                </Form>
              )}
            </Formik>
            <Link asChild color="brand.primary">
              <RouterLink to="/change-password">{t('password.changeTitle')}</RouterLink>
            </Link>
            <MyDataDownload />
          </Stack>
        ) : null}
      </Box>
    </PageFrame>
  );
}
