import { accountStore, errorMessage } from '@lending/platform';

import type { Translate } from './form-schema';

function codeOf(error: unknown): unknown {
  return (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data?.code;
}

/** The failure in the reader's language where its code is one the applicant can act on; the
 *  server's own message otherwise (spec section 8). */
export function codedFailure(error: unknown, t: Translate): string {
  switch (codeOf(error)) {
    case 'NEW_LOAN_NOT_ALLOWED': {
      const until = accountStore.current.user?.allowToApplyNewLoanAfterDateTime;
      return until
        ? t('errors.newLoanNotAllowed', {
            date: new Intl.DateTimeFormat(t('errors.dateLocale'), {
              dateStyle: 'long',
              timeZone: 'Asia/Kuala_Lumpur',
            }).format(new Date(until)),
          })
        : t('errors.newLoanNotAllowedLater');
    }
    case 'REFERBACK_NOT_REFERRED':
      return t('referback.notReferred');
    default:
      return errorMessage(error);
  }
}
