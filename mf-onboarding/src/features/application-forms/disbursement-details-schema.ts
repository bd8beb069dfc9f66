import * as yup from 'yup';
import { FIELD_LIMITS } from '@lending/domain';
import {
  bankAccountNumber,
  nameText,
  selection,
  validationMessages,
  type Translate,
} from '../../journey/form-schema';

export interface DisbursementFormValues {
  bankId: string;
  accountName: string;
  accountNumber: string;
}

export function disbursementSchema(t: Translate) {
  const m = validationMessages(t);
  return yup.object({
    bankId: selection(m, 'companyBank'),
    accountName: nameText(m, 'accountName', FIELD_LIMITS.personName),
    accountNumber: bankAccountNumber(m, 'accountNumber'),
  });
}
