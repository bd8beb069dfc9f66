import type { Application, MissingItem } from '@lending/contracts';
import { applicationApi, bus, errorMessage, navigate } from '@lending/platform';
import { useState } from 'react';

import { useFormT } from '../journey/use-form-t';

/** Where a submitted application goes next: identity verification, unless it was done already
 *  (a resubmission after a referral back); then the page that shows it under review. */
export function routeAfterSubmit(application: Pick<Application, 'progress'>): string {
  return application.progress.includes('EKYCCOMPLETED')
    ? '/draft-application'
    : '/application/identity-verification';
}

/** Submits (or, after a referral back, resubmits) the application: on success tells the shell and
 *  goes on; otherwise keeps what the server found missing, or why it failed. */
export function useSubmitApplication(
  application: Application,
  onSubmitted: (application: Application) => void,
) {
  const t = useFormT();
  const [missing, setMissing] = useState<MissingItem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    setMissing([]);
    try {
      const result = await applicationApi.submit(application.id);
      if (!result.ok) {
        setMissing(result.missing);
        return;
      }
      bus.emit('toast.requested', { status: 'success', title: t('common.submitSuccess') });
      bus.emit('application.updated', {
        applicationId: application.id,
        status: result.application.status,
      });
      onSubmitted(result.application);
      navigate(routeAfterSubmit(result.application));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return { submit, missing, failure };
}
