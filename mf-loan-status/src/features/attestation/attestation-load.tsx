import { httpStatus, useT } from '@lending/platform';
import { loadStatusOf } from '@lending/platform/query';
import { Button, LoadStatus, Stack, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

import type { useAttestation } from './use-attestation';

/** The attestation loading, failed with a retry, or, when the applicant has no agreement to
 *  attest yet (the server answers 404), said as it is with the way home: not an error to retry. */
export function AttestationLoad(props: {
  query: ReturnType<typeof useAttestation>;
  /** Whether the page has no way home of its own. */
  withHome?: boolean;
}) {
  const { t } = useT('mf-loan-status');
  const { query } = props;
  if (query.data === undefined && query.isError && httpStatus(query.error) === 404) {
    return (
      <Stack gap={3} align="flex-start" data-testid="attestation-none">
        <Text>{t('attestation.none')}</Text>
        {props.withHome ? (
          <Button asChild colorPalette="brand">
            <RouterLink to="/home">{t('attestation.back')}</RouterLink>
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <LoadStatus
      {...loadStatusOf(query)}
      loadingLabel={t('attestation.loading')}
      errorTitle={t('attestation.failed')}
    />
  );
}
