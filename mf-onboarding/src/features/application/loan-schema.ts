import {
  checkLoanAmount,
  checkTenure,
  DEFAULT_LOAN_LIMITS,
  FIELD_LIMITS,
  formatRinggit,
  type LoanLimits,
  parseRinggit,
} from '@lending/domain';
import * as yup from 'yup';

import {
  otherText,
  selection,
  type Translate,
  validationMessages,
} from '../../journey/form-schema';

export interface LoanFormValues {
  amount: string;
  tenureMonths: string;
  loanReasonId: string;
  loanReasonOther: string;
  campaignCode: string;
}

export interface LoanSchemaOptions {
  limits?: LoanLimits;
  /** Ids (as strings) of the loan reasons that ask for free text ("Others"). */
  reasonsNeedingOther: readonly string[];
}

export function loanSchema(t: Translate, options: LoanSchemaOptions) {
  const m = validationMessages(t);
  const limits = options.limits ?? DEFAULT_LOAN_LIMITS;
  return yup.object({
    amount: yup
      .string()
      .required(m.required('loanAmount'))
      .test('amount', function validateAmount(value) {
        if (!value) return true;
        const parsed = parseRinggit(value ?? '');
        if (!parsed.ok) return this.createError({ message: m.invalid('loanAmount') });
        const check = checkLoanAmount(parsed.sen, limits);
        if (check.ok) return true;
        if (check.reason === 'notWhole')
          return this.createError({ message: m.invalid('loanAmount') });
        return this.createError({
          message: t(
            check.reason === 'belowMinimum' ? 'validation.amountMin' : 'validation.amountMax',
            { amount: formatRinggit(check.limit) },
          ),
        });
      }),
    tenureMonths: yup
      .string()
      .required(m.select('tenure'))
      .test(
        'tenure',
        m.invalid('tenure'),
        (value) => !value || checkTenure(Number(value), limits).ok,
      ),
    loanReasonId: selection(m, 'loanReason'),
    loanReasonOther: otherText(
      m,
      'loanReasonOther',
      FIELD_LIMITS.loanReasonOther,
      'loanReasonId',
      options.reasonsNeedingOther,
    ),
    campaignCode: yup
      .string()
      .trim()
      .max(FIELD_LIMITS.campaignCode, m.maxLength(FIELD_LIMITS.campaignCode))
      .matches(/^[A-Za-z0-9-]*$/, m.invalid('campaignCode')),
  });
}
