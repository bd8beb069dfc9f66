import * as yup from 'yup';

import type { Translate } from './form-schema';

export function acknowledgementSchema(t: Translate) {
  return yup.object({
    acknowledged: yup.boolean().oneOf([true], t('summary.acknowledgementRequired')),
  });
}
