import { FIELD_LIMITS } from '@lending/domain';
import * as yup from 'yup';

import {
  bankAccountNumber,
  nameText,
  selection,
  type Translate,
  validationMessages,
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
