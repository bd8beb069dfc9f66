import type { EarlySettlementQuote, GatewayChannel } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import { Button, ChangedNotice, ErrorNotice, Stack, Text } from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { ChannelChoice } from '../../journey/channel-choice';

/** Why a settlement could not start: the quote is no longer today's, or another reason. */
export type SettleFailure = { kind: 'quoteChanged' } | { kind: 'other'; message: string };

export interface SettleNowProps {
  quote: EarlySettlementQuote;
  /** Starts paying the quote; resolves once the browser is on its way to the gateway (null), or
   *  with why it could not start. */
  onSettle: (channel: GatewayChannel) => Promise<SettleFailure | null>;
}

/** Pays today's settlement quote through the payment gateway: the way to pay, and Settle now. */
export function SettleNow({ quote, onSettle }: SettleNowProps) {
  const { t } = useT('mf-repayment');
  const [channel, setChannel] = useState<GatewayChannel>('FPX');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SettleFailure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const failed = await onSettle(channel);
    // On success the browser is leaving for the gateway: the button stays busy until it does.
    if (failed) {
      setFailure(failed);
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} data-testid="settle-now">
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <Stack gap={4}>
          <ChannelChoice value={channel} onChange={setChannel} disabled={busy} />
          <Text fontSize="sm" color="gray.700">
            {t('settlement.payHint', { amount: formatRinggit(quote.settlementSen) })}
          </Text>
          <Button
            type="submit"
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            colorPalette="brand"
            loading={busy}
            loadingText={t('settlement.starting')}
          >
            {t('settlement.settleNow', { amount: formatRinggit(quote.settlementSen) })}
          </Button>
        </Stack>
      </form>
      {failure?.kind === 'quoteChanged' ? (
        <ChangedNotice
          title={t('settlement.quoteChanged')}
          description={t('settlement.quoteChangedHelp')}
        />
      ) : null}
      {failure?.kind === 'other' ? (
        <ErrorNotice title={t('settlement.startFailed')} description={failure.message} />
      ) : null}
    </Stack>
  );
}
