import type { Application } from '@lending/contracts';
import { masterApi } from '@lending/platform';
import { Stack } from '@lending/ui';
import { SelectField, TextField } from '@lending/ui/forms';

import { useMasterList, useOptions } from '../../hooks/use-master-list';
import { ApplicationFrame } from '../../journey/application-frame';
import { useFormT } from '../../journey/use-form-t';
import { type DisbursementFormValues, disbursementSchema } from './disbursement-details-schema';
import { DigitsField } from './form-fields';
import { idValue } from './form-values';
import { SectionForm } from './section-form';

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
  const saved = application.sections.disbursement;
  const initialValues: DisbursementFormValues = {
    bankId: idValue(saved?.bankId),
    accountName: saved?.accountName ?? '',
    accountNumber: saved?.accountNumber ?? '',
  };
  return (
    <SectionForm
      section="disbursement"
      application={application}
      maxW="40rem"
      initialValues={initialValues}
      validationSchema={disbursementSchema(t)}
      toBody={(values) => ({
        bankId: Number(values.bankId),
        accountName: values.accountName.trim(),
        accountNumber: values.accountNumber,
      })}
    >
      {(readOnly) => (
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
          <DigitsField
            name="accountNumber"
            label={t('labels.accountNumber')}
            maxLength={20}
            disabled={readOnly}
          />
        </Stack>
      )}
    </SectionForm>
  );
}
