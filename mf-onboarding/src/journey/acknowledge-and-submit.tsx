import { Alert, Stack } from '@lending/ui';
import { CheckboxField, FormSubmit } from '@lending/ui/forms';
import { Form, Formik } from 'formik';

import { acknowledgementSchema } from './acknowledgement-schema';
import { useFormT } from './use-form-t';

/** The acknowledgement and the submit button while editable; that it is submitted after. */
export function AcknowledgeAndSubmit({
  editable,
  onSubmit,
  submitLabel,
}: {
  editable: boolean;
  onSubmit: () => Promise<void>;
  /** Instead of "Submit application" (a resubmission says so). */
  submitLabel?: string;
}) {
  const t = useFormT();
  return editable ? (
    <Formik
      initialValues={{ acknowledged: false }}
      validationSchema={acknowledgementSchema(t)}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap={4}>
            <CheckboxField name="acknowledged" label="">
              {t('summary.acknowledgement')}
            </CheckboxField>
            <FormSubmit
              label={submitLabel ?? t('summary.submit')}
              loading={isSubmitting}
              fullWidthOnPhone
            />
          </Stack>
        </Form>
      )}
    </Formik>
  ) : (
    <Alert.Root status="success">
      <Alert.Indicator />
      <Alert.Title>{t('summary.submitted')}</Alert.Title>
    </Alert.Root>
  );
}
