import { errorMessage, httpStatus, loanStatusApi, useT } from '@lending/platform';
import { PageFrame } from '@lending/ui';

import { StatusCheckForm, type StatusCheckOutcome } from './status-check-form';

async function checkOnServer(referenceNo: string): Promise<StatusCheckOutcome> {
  try {
    return { kind: 'found', result: await loanStatusApi.check(referenceNo) };
  } catch (error) {
    return httpStatus(error) === 404
      ? { kind: 'notFound' }
      : { kind: 'failed', message: errorMessage(error) };
  }
}

export function LoanStatusCheckPage() {
  const { t } = useT('mf-loan-status');
  return (
    <PageFrame title={t('screens.loanStatusCheck.title')}>
      <StatusCheckForm check={checkOnServer} />
    </PageFrame>
  );
}
