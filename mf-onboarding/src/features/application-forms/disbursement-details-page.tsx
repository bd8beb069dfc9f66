import { useFormT } from '../../journey/use-form-t';
import { Form, Formik } from 'formik';
import type { Application } from '@lending/contracts';
import { masterApi } from '@lending/platform';
import { Box, SelectField, Stack, TextField } from '@lending/ui';
import { idValue } from './form-values';
import { disbursementSchema, type DisbursementFormValues } from './disbursement-details-schema';
import { ApplicationFrame } from '../../journey/application-frame';
import { SectionFormFooter, isReadOnly, useSectionSave } from './section-page';
import { useMasterList, useOptions } from './use-master-list';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

export function DisbursementDetailsPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.disbursementDetails.title">
      {(application) => <DisbursementDetailsForm application={application} />}
    </ApplicationFrame>
  );
}

export function DisbursementDetailsForm({ application }: { application: Application }) {
  const t = useFormT();
  const banks = useMasterList(masterApi.banks);
  const bankOptions = useOptions(banks.items);
  const { failure, save, failureTitle } = useSectionSave('disbursement', application);
  const saved = application.sections.disbursement;
  const readOnly = isReadOnly(application);
  const initialValues: DisbursementFormValues = {
    bankId: idValue(saved?.bankId),
    accountName: saved?.accountName ?? '',
    accountNumber: saved?.accountNumber ?? '',
  };
  return (
    <Box maxW="40rem">
      <Formik
        initialValues={initialValues}
        validationSchema={disbursementSchema(t)}
        onSubmit={(values) =>
          save({
            bankId: Number(values.bankId),
            accountName: values.accountName.trim(),
            accountNumber: values.accountNumber,
          })
        }
      >
        <Form noValidate aria-label={t('sections.disbursement')}>
          <Stack gap={4}>
            <SelectField
              name="bankId"
              label={t('labels.companyBank')}
              placeholder={t('labels.choose')}
              options={bankOptions}
              disabled={readOnly}
            />
            <TextField
              name="accountName"
              label={t('labels.accountName')}
              autoComplete="organization"
              disabled={readOnly}
            />
            <TextField
              name="accountNumber"
              label={t('labels.accountNumber')}
              inputMode="numeric"
              transform={digitsOnly}
              maxLength={20}
              disabled={readOnly}
            />
          </Stack>
          <SectionFormFooter failure={failure} failureTitle={failureTitle} readOnly={readOnly} />
        </Form>
      </Formik>
    </Box>
  );
}
