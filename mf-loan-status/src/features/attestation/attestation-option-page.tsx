import type { AttestationOption } from '@lending/contracts';
import { useT } from '@lending/platform';
import {
  Button,
  Card,
  ErrorNotice,
  Heading,
  PageFrame,
  SimpleGrid,
  Stack,
  Text,
} from '@lending/ui';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { CancelAgreementControl } from '../../journey/cancel-agreement';
import { attestationApi } from './attestation-api';
import { attestationFailure } from './attestation-failure';
import { AttestationLoad } from './attestation-load';
import { AttestationProgress } from './attestation-progress';
import { useAttestation, useKeepAttestation } from './use-attestation';

const ROUTES: Record<AttestationOption, string> = {
  VIDEO: '/loan-status/attestation-option/video',
  LIVE_CALL: '/loan-status/attestation-option/live-call',
};

/** The borrower chooses how to attest: a live video call with an officer, or the video now. */
export function AttestationOptionPage() {
  const { t } = useT('mf-loan-status');
  const query = useAttestation();
  const keep = useKeepAttestation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<AttestationOption | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const view = query.data;
  const choosing = view && ['PENDING_ATTESTATION', 'ATTESTATIONOPTION'].includes(view.status);

  async function choose(option: AttestationOption) {
    if (!view) return;
    setBusy(option);
    setFailure(null);
    try {
      keep(await attestationApi.choose(view.agreementId, option));
      navigate(ROUTES[option]);
    } catch (error) {
      setFailure(attestationFailure(error, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <PageFrame title={t('screens.attestationOption.title')}>
      <Stack gap={5} maxW="3xl">
        <AttestationLoad query={query} />
        {view && !choosing ? <AttestationProgress view={view} /> : null}
        {view && choosing ? (
          <>
            <Text>{t('attestation.option.intro')}</Text>
            {failure ? (
              <ErrorNotice title={t('attestation.option.failed')} description={failure} />
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {(['LIVE_CALL', 'VIDEO'] as const).map((option) => (
                <Card.Root key={option} data-testid={`option-${option}`}>
                  <Card.Body gap={3}>
                    <Heading as="h2" size="md">
                      {t(`attestation.option.${option}.title`)}
                    </Heading>
                    <Text>{t(`attestation.option.${option}.text`)}</Text>
                    <Button
                      alignSelf="flex-start"
                      loading={busy === option}
                      disabled={busy !== null}
                      onClick={() => void choose(option)}
                    >
                      {t(`attestation.option.${option}.action`)}
                    </Button>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          </>
        ) : null}
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/home">{t('attestation.back')}</RouterLink>
        </Button>
        {view ? <CancelAgreementControl agreementId={view.agreementId} /> : null}
      </Stack>
    </PageFrame>
  );
}
