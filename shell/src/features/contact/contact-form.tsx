import { useState } from 'react';
import { Formik, Form, Field as FormikField, type FieldProps } from 'formik';
import * as yup from 'yup';
import {
  Alert,
  Box,
  Button,
  ErrorNotice,
  Field,
  Heading,
  Input,
  Stack,
  Textarea,
} from '@lending/ui';
import { api, errorMessage, useLanguage, useT } from '@lending/platform';

const COMMENTS_MAX = 2000;

interface Values {
  name: string;
  email: string;
  comments: string;
}

export function ContactForm() {
  const { t } = useT('shell');
  const language = useLanguage();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const schema = yup.object({
    name: yup.string().trim().max(200),
    email: yup
      .string()
      .trim()
      .required(t('contact.errors.emailRequired'))
      .email(t('contact.errors.emailInvalid')),
    comments: yup
      .string()
      .trim()
      .required(t('contact.errors.commentsRequired'))
      .max(COMMENTS_MAX, t('contact.errors.commentsTooLong', { max: COMMENTS_MAX })),
  });

  if (sent) {
    return (
      <Alert.Root status="success" role="status" data-testid="contact-success">
        <Alert.Indicator />
        <Alert.Title>{t('contact.success')}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <Box
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      borderRadius="lg"
      p={{ base: 4, md: 6 }}
    >
      <Heading as="h2" size="lg" color="brand.primary" mb={4}>
        {t('contact.formHeading')}
      </Heading>
      <Formik<Values>
        initialValues={{ name: '', email: '', comments: '' }}
        validationSchema={schema}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            await api.core.post('/arkcash/api/v1.0/contact-us', {
              name: values.name.trim() || undefined,
              email: values.email.trim().toLowerCase(),
              comments: values.comments.trim(),
              language,
            });
            setSent(true);
          } catch (error) {
            setFailure(errorMessage(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap={4}>
              <FormikField name="name">
                {({ field, meta }: FieldProps<string>) => (
                  <Field.Root invalid={Boolean(meta.touched && meta.error)}>
                    <Field.Label>{t('contact.name')}</Field.Label>
                    <Input {...field} autoComplete="name" maxLength={200} />
                    <Field.ErrorText>{meta.error}</Field.ErrorText>
                  </Field.Root>
                )}
              </FormikField>
              <FormikField name="email">
                {({ field, meta }: FieldProps<string>) => (
                  <Field.Root required invalid={Boolean(meta.touched && meta.error)}>
                    <Field.Label>
                      {t('contact.email')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input {...field} type="email" autoComplete="email" inputMode="email" />
                    <Field.ErrorText data-testid="email-error">{meta.error}</Field.ErrorText>
                  </Field.Root>
                )}
              </FormikField>
              <FormikField name="comments">
                {({ field, meta }: FieldProps<string>) => (
                  <Field.Root required invalid={Boolean(meta.touched && meta.error)}>
                    <Field.Label>
                      {t('contact.comments')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea {...field} rows={6} maxLength={COMMENTS_MAX} />
                    <Field.ErrorText data-testid="comments-error">{meta.error}</Field.ErrorText>
                  </Field.Root>
                )}
              </FormikField>
              {failure ? <ErrorNotice title={failure} /> : null}
              <Button
                type="submit"
                loading={isSubmitting}
                loadingText={t('contact.submitting')}
                bg="brand.secondaryFill"
                color="white"
                alignSelf="flex-start"
              >
                {t('contact.submit')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Box>
  );
}
