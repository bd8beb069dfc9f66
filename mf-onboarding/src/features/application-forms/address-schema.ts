import { FIELD_LIMITS } from '@lending/domain';
import * as yup from 'yup';

import {
  DIGITS_ONLY,
  optionalText,
  text,
  type Translate,
  validationMessages,
} from '../../journey/form-schema';

export interface AddressValues {
  line1: string;
  line2: string;
  line3: string;
  postcode: string;
}

export const EMPTY_ADDRESS: AddressValues = { line1: '', line2: '', line3: '', postcode: '' };

export function addressSchema(t: Translate) {
  const m = validationMessages(t);
  return yup.object({
    line1: text(m, 'addressLine1', FIELD_LIMITS.addressLine),
    line2: optionalText(m, FIELD_LIMITS.addressLine),
    line3: optionalText(m, FIELD_LIMITS.addressLine),
    postcode: yup
      .string()
      .required(m.required('postcode'))
      .matches(DIGITS_ONLY, { message: m.digitsOnly(), excludeEmptyString: true })
      .test(
        'postcode',
        m.invalid('postcode'),
        (value) => !value || !DIGITS_ONLY.test(value) || value.length === FIELD_LIMITS.postcode,
      ),
  });
}
