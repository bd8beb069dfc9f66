import type { UserDetails } from '@lending/contracts';
import { authApi, errorMessage, httpStatus, useT } from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import { Link, LoadStatus, PageFrame, Stack } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

import { eInvoiceApi } from './e-invoice-api';
import { type TinFailure, TinForm, type TinOutcome } from './tin-form';

function failureOf(error: unknown): TinFailure {
  const data = (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data;
  switch (data?.code) {
    case 'TIN_ALREADY_STORED':
      return 'alreadyStored';
    case 'TIN_IDENTITY_MISSING':
      return 'noIdentity';
    default:
      break;
  }
  const status = httpStatus(error);
  if (status === 429) return 'tooMany';
  if (status === null || status === 503) return 'unavailable';
  return 'other';
}

/** Asks the server; a valid TIN is kept there, so the account read on open is brought up to date. */
export async function validateOnServer(tinNumber: string): Promise<TinOutcome> {
  try {
    const answer = await eInvoiceApi.validate(tinNumber);
    if (!answer.valid) return { kind: 'invalid' };
    queryClient.setQueryData<UserDetails>(queryKeys.profile.me(), (user) =>
      user ? { ...user, tinNumber: answer.tinNumber } : user,
    );
    return { kind: 'valid', tinNumber: answer.tinNumber };
  } catch (error) {
    return { kind: 'failed', reason: failureOf(error), message: errorMessage(error) };
  }
}

/** `/request-e-invoice`: the signed-in user's TIN, loaded on open, checked by the server. */
export function RequestEInvoicePage() {
  const { t } = useT('mf-repayment');
  const me = useServerQuery({ queryKey: queryKeys.profile.me(), queryFn: () => authApi.me() });
  return (
    <PageFrame title={t('screens.requestEInvoice.title')}>
      <Stack gap={6}>
        <Link asChild color="brand.link" alignSelf="flex-start">
          <RouterLink to="/home">{t('eInvoice.backHome')}</RouterLink>
        </Link>
        <LoadStatus
          {...loadStatusOf(me)}
          loadingLabel={t('eInvoice.loading')}
          errorTitle={t('eInvoice.loadFailed')}
        />
        {me.data ? (
          <TinForm key={me.data.id} storedTin={me.data.tinNumber} validate={validateOnServer} />
        ) : null}
      </Stack>
    </PageFrame>
  );
}
