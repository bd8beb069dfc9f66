import { BANK_IN_SLIP_MAX_BYTES, BANK_IN_SLIP_TYPES } from '@lending/contracts';
import { formatMegabytes, malaysiaDate, parseRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import { Field, Stack, Text } from '@lending/ui';
import { FocusFirstError, FormSubmit, TextField } from '@lending/ui/forms';
import { FileDrop } from '@lending/ui/screens';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useId, useMemo, useState } from 'react';
import * as yup from 'yup';

/** RM1.00 to RM1,000,000.00, as the server takes. */
const MIN_SEN = 100;
const MAX_SEN = 100_000_000;

export interface SlipFormValues {
  amount: string;
  paidOn: string;
  file: File | null;
}

export interface SlipFormProps {
  /** Sends the slip; resolves null once sent, or with the message to show. */
  onSubmit: (slip: { amountSen: number; paidOn: string; file: File }) => Promise<string | null>;
}

const senOf = (text: string): number | null => {
  const parsed = parseRinggit(text);
  return parsed.ok ? parsed.sen : null;
};

/** The slip's schema: each message in the reader's language, the limits the server checks. */
export function slipSchema(t: ReturnType<typeof useT>['t'], today: string) {
  return yup.object({
    amount: yup
      .string()
      .required(t('bankInSlip.errors.amountRequired'))
      .test('ringgit', t('bankInSlip.errors.amountInvalid'), (value) => senOf(value ?? '') !== null)
      .test('range', t('bankInSlip.errors.amountRange'), (value) => {
        const sen = senOf(value ?? '');
        return sen === null || (sen >= MIN_SEN && sen <= MAX_SEN);
      }),
    paidOn: yup
      .string()
      .required(t('bankInSlip.errors.dateRequired'))
      .test(
        'past',
        t('bankInSlip.errors.dateFuture'),
        (value) => !value || (/^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today),
      ),
    file: yup
      .mixed<File>()
      .nullable()
      .test('present', t('bankInSlip.errors.fileRequired'), (file) => Boolean(file))
      .test(
        'type',
        t('bankInSlip.errors.fileType'),
        (file) => !file || (BANK_IN_SLIP_TYPES as readonly string[]).includes(file.type),
      )
      .test(
        'size',
        t('bankInSlip.errors.fileSize', { size: formatMegabytes(BANK_IN_SLIP_MAX_BYTES) }),
        (file) => !file || (file.size > 0 && file.size <= BANK_IN_SLIP_MAX_BYTES),
      ),
  });
}

/** The slip, the amount paid and the day: what the borrower says they sent by bank transfer. */
export function SlipForm({ onSubmit }: SlipFormProps) {
  const { t } = useT('mf-repayment');
  const [failure, setFailure] = useState<string | null>(null);
  const today = useMemo(() => malaysiaDate(new Date()), []);
  const schema = useMemo(() => slipSchema(t, today), [t, today]);
  const fileHint = useId();
  const fileError = useId();

  const send = async (values: SlipFormValues, helpers: FormikHelpers<SlipFormValues>) => {
    setFailure(null);
    const message = await onSubmit({
      amountSen: senOf(values.amount)!,
      paidOn: values.paidOn,
      file: values.file!,
    });
    if (message) setFailure(message);
    else helpers.resetForm();
  };

  return (
    <Formik<SlipFormValues>
      initialValues={{ amount: '', paidOn: '', file: null }}
      validationSchema={schema}
      onSubmit={send}
    >
      {({ values, errors, touched, submitCount, isSubmitting, setFieldValue, setFieldTouched }) => {
        const fileProblem = (touched.file || submitCount > 0) && errors.file ? errors.file : null;
        return (
          <Form noValidate aria-busy={isSubmitting} data-testid="bank-in-slip-form">
            <FocusFirstError />
            <Stack gap={5} maxW="xl">
              <TextField
                name="amount"
                label={t('bankInSlip.amount')}
                inputMode="decimal"
                helperText={t('bankInSlip.amountHint')}
                transform={(value) => value.replace(/[^\d.,]/g, '')}
              />
              <TextField name="paidOn" label={t('bankInSlip.paidOn')} type="date" />
              <Field.Root required invalid={fileProblem !== null}>
                <Field.Label htmlFor="bank-in-slip-file">{t('bankInSlip.file')}</Field.Label>
                <FileDrop
                  id="bank-in-slip-file"
                  label={t('bankInSlip.file')}
                  prompt={t('bankInSlip.filePrompt')}
                  browseLabel={t('bankInSlip.fileBrowse')}
                  accept={BANK_IN_SLIP_TYPES}
                  disabled={isSubmitting}
                  invalid={fileProblem !== null}
                  describedBy={fileProblem ? `${fileHint} ${fileError}` : fileHint}
                  onFiles={([file]) => {
                    void setFieldValue('file', file ?? null, true);
                    void setFieldTouched('file', true, false);
                  }}
                />
                <Field.HelperText id={fileHint} color="gray.700">
                  {values.file
                    ? t('bankInSlip.fileChosen', { name: values.file.name })
                    : t('bankInSlip.fileHint', { size: formatMegabytes(BANK_IN_SLIP_MAX_BYTES) })}
                </Field.HelperText>
                {fileProblem ? (
                  <Field.ErrorText id={fileError} data-testid="bank-in-slip-file-error">
                    {fileProblem}
                  </Field.ErrorText>
                ) : null}
              </Field.Root>
              <Text color="gray.700" fontSize="sm">
                {t('bankInSlip.checkNotice')}
              </Text>
              <FormSubmit
                label={t('bankInSlip.submit')}
                loading={isSubmitting}
                loadingText={t('bankInSlip.submitting')}
                failure={failure}
                fullWidthOnPhone
              />
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
