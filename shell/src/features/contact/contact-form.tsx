import { CONTACT_PATHS, type ContactMessageResponse } from '@lending/contracts';
import { api, useLanguage, useSubmitFailure, useT } from '@lending/platform';
import { Box, Heading, Stack, SuccessNotice } from '@lending/ui';
import { FormSubmit, TextareaField, TextField } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';

const COMMENTS_MAX = 2000;

interface Values {
  name: string;
  email: string;
  comments: string;
}

export function ContactForm() {
  const { t } = useT('shell');
  const language = useLanguage();
  const [sent, setSent] = useState<ContactMessageResponse | null>(null);
  const { failure, attempt } = useSubmitFailure();

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
      <SuccessNotice
        data-testid="contact-success"
        title={t('contact.success', { reference: sent.referenceNo })}
      />
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
        onSubmit={(values) =>
          attempt(async () => {
            const created = await api.core.post<ContactMessageResponse>(CONTACT_PATHS.contactUs, {
              name: values.name.trim() || undefined,
              email: values.email.trim().toLowerCase(),
              comments: values.comments.trim(),
              language,
            });
            setSent(created.data);
          })
        }
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap={4}>
              <TextField
                name="name"
                label={t('contact.name')}
                required={false}
                autoComplete="name"
                maxLength={200}
              />
              <TextField
                name="email"
                label={t('contact.email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                errorTestId="email-error"
              />
              <TextareaField
                name="comments"
                label={t('contact.comments')}
                rows={6}
                maxLength={COMMENTS_MAX}
                errorTestId="comments-error"
              />
              <FormSubmit
                label={t('contact.submit')}
                loading={isSubmitting}
                loadingText={t('contact.submitting')}
                failure={failure}
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </Box>
  );
}
