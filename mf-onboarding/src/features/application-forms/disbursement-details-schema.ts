import * as yup from 'yup';
import { FIELD_LIMITS, isValidBankAccountNumber } from '@lending/domain';
import {
  DIGITS_ONLY,
  digits,
  selection,
  text,
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
    accountName: text(m, 'accountName', FIELD_LIMITS.personName).min(
      FIELD_LIMITS.nameMin,
      m.minLength(FIELD_LIMITS.nameMin),
    ),
    accountNumber: digits(m, 'accountNumber').test(
      'account',
      m.invalid('accountNumber'),
      (value) => !value || !DIGITS_ONLY.test(value) || isValidBankAccountNumber(value),
    ),
  });
}
