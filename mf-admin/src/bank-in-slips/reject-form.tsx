import {
  BANK_IN_SLIP_REJECT_REASONS,
  type BankInSlipRejectReason,
  type RejectBankInSlipBody,
} from '@lending/contracts';
import { useT } from '@lending/platform';
import { Stack } from '@lending/ui';
import { FocusFirstError, FormSubmit, SelectField, TextareaField } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import * as yup from 'yup';

const NS = 'admin-bank-in-slips';
const NOTE_MAX = 500;

interface RejectValues {
  reason: '' | BankInSlipRejectReason;
  note: string;
}

/** The reason (the borrower reads it in their language) and a note; another reason needs one. */
export function RejectForm({
  onReject,
}: {
  /** Resolves null once rejected, or with the message to show. */
  onReject: (body: RejectBankInSlipBody) => Promise<string | null>;
}) {
  const { t } = useT(NS);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      yup.object({
        reason: yup.string().required(t('reject.errors.reasonRequired')),
        note: yup
          .string()
          .max(NOTE_MAX, t('reject.errors.noteTooLong', { max: NOTE_MAX }))
          .when('reason', {
            is: 'OTHER',
            then: (s) =>
              s
                .required(t('reject.errors.noteRequired'))
                .test(
                  'length',
                  t('reject.errors.noteRequired'),
                  (v) => (v ?? '').trim().length >= 5,
                ),
          }),
      }),
    [t],
  );
  return (
    <Formik<RejectValues>
      initialValues={{ reason: '', note: '' }}
      validationSchema={schema}
      onSubmit={async (values) => {
        setFailure(null);
        const note = values.note.trim();
        const message = await onReject({
          reason: values.reason as BankInSlipRejectReason,
          ...(note ? { note } : {}),
        });
        if (message) setFailure(message);
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-busy={isSubmitting}>
          <FocusFirstError />
          <Stack gap={3}>
            <SelectField
              name="reason"
              label={t('reject.reason')}
              placeholder={t('reject.choose')}
              options={BANK_IN_SLIP_REJECT_REASONS.map((value) => ({
                value,
                label: t(`reasons.${value}`),
              }))}
            />
            <TextareaField
              name="note"
              label={t('reject.note')}
              helperText={t('reject.noteHint')}
              required={false}
              maxLength={NOTE_MAX}
            />
            <FormSubmit
              label={t('reject.submit')}
              loading={isSubmitting}
              loadingText={t('reject.submitting')}
              failure={failure}
              fullWidthOnPhone
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
