import type { AttestationView } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Button, Stack, SuccessNotice, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

/** Where the attestation stands once the borrower has done their part. */
export function AttestationProgress({ view }: { view: AttestationView }) {
  const { t } = useT('mf-loan-status');
  const done = ['DONE_VIDEO_ATTESTATION', 'DONE_LIVE_ATTESTATION', 'ATTESTATIONCOMPLETED'];
  if (done.includes(view.status)) {
    return (
      <SuccessNotice
        data-testid="attestation-done"
        title={t('attestation.done.title')}
        description={t('attestation.done.text')}
      />
    );
  }
  if (view.status === 'REQUESTED_FOR_LIVE_ATTESTATION') {
    return (
      <Stack gap={3} data-testid="attestation-call-requested">
        <Text>{t('attestation.callRequested')}</Text>
        <Button asChild alignSelf="flex-start">
          <RouterLink to="/loan-status/attestation-option/live-call">
            {t('attestation.openCall')}
          </RouterLink>
        </Button>
      </Stack>
    );
  }
  if (view.status === 'LOANAPPLICATIONAPPROVED') {
    return <Text data-testid="attestation-not-yet">{t('attestation.notYet')}</Text>;
  }
  return (
    <SuccessNotice
      data-testid="attestation-approved"
      title={t('attestation.approved.title')}
      description={t('attestation.approved.text')}
    />
  );
}
