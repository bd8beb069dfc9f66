import type { AgreementView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useSubmitFailure, useT } from '@lending/platform';
import { Button, ErrorNotice, Heading, Link, Stack, SummaryCard, Text } from '@lending/ui';
import { InstalmentTable, LoanFigures } from '@lending/ui/screens';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export const ATTESTATION_OPTION_PATH = '/loan-status/attestation-option';
export const AMOUNT_PATH = '/loan-status/approved-loan-amount';

export interface OfferSummaryProps {
  agreement: AgreementView;
  accept: (version: number) => Promise<AgreementView>;
  onAccepted: (agreement: AgreementView) => void;
  /** The decline control (a dialog), shown while the offer is open. */
  declineControl?: ReactNode;
}

/** Every figure of the offer and its instalments, then accepting it. */
export function OfferSummary({ agreement, accept, onAccepted, declineControl }: OfferSummaryProps) {
  const { t } = useT('mf-loan-status');
  const [busy, setBusy] = useState(false);
  const { failure, attempt } = useSubmitFailure();

  const onAccept = async () => {
    setBusy(true);
    let accepted: AgreementView | undefined;
    await attempt(async () => {
      accepted = await accept(agreement.version);
    });
    setBusy(false);
    if (accepted) onAccepted(accepted);
  };

  return (
    <Stack gap={5}>
      <Text fontSize="sm" color="gray.600" data-testid="offer-agreement-no">
        {t('offer.agreementNo', { agreementNo: agreement.agreementNo })}
      </Text>
      <SummaryCard title={t('offer.figuresTitle')} testId="offer-summary">
        <LoanFigures
          figures={agreement.figures}
          capBp={agreement.capBp}
          campaignCode={agreement.campaignCode}
          formatMoney={formatRinggit}
        />
      </SummaryCard>
      <InstalmentTable
        instalments={agreement.instalments}
        totalSen={agreement.figures.totalRepayableSen}
        formatMoney={formatRinggit}
      />
      {agreement.open ? (
        <Stack gap={3}>
          <Heading as="h2" size="md">
            {t('offer.acceptTitle')}
          </Heading>
          <Text>{t('offer.acceptBody')}</Text>
          {failure ? <ErrorNotice title={failure} data-testid="offer-accept-failure" /> : null}
          <Stack direction={{ base: 'column', md: 'row' }} gap={3}>
            <Button
              colorPalette="brand"
              loading={busy}
              loadingText={t('offer.accepting')}
              onClick={() => void onAccept()}
              width={{ base: 'full', md: 'auto' }}
              data-testid="offer-accept"
            >
              {t('offer.accept')}
            </Button>
            <Button asChild variant="outline" width={{ base: 'full', md: 'auto' }}>
              <RouterLink to={AMOUNT_PATH}>{t('offer.change')}</RouterLink>
            </Button>
            {declineControl}
          </Stack>
        </Stack>
      ) : (
        <Stack gap={3} data-testid="offer-closed">
          <Text>
            {t(`offer.closed.${agreement.status === 'CANCELLED' ? 'declined' : 'accepted'}`)}
          </Text>
          {agreement.status === 'PENDING_ATTESTATION' ? (
            <Link asChild color="brand.link">
              <RouterLink to={ATTESTATION_OPTION_PATH}>{t('offer.toAttestation')}</RouterLink>
            </Link>
          ) : (
            <Link asChild color="brand.link">
              <RouterLink to="/home">{t('offer.home')}</RouterLink>
            </Link>
          )}
        </Stack>
      )}
    </Stack>
  );
}
