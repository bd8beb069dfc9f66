import type { DueNowView, GatewayChannel } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import {
  Box,
  Button,
  ErrorNotice,
  Field,
  Input,
  Link,
  Stack,
  SummaryCard,
  SummaryRow,
  Text,
} from '@lending/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ChannelChoice } from '../../journey/channel-choice';
import { businessDateText } from '../../journey/dates';

export interface PayNowFormProps {
  due: DueNowView;
  /** Starts the payment; resolves once the browser is on its way to the gateway, or with the
   *  message to show when it could not start. */
  onPay: (choice: { channel: GatewayChannel; amountSen: number }) => Promise<string | null>;
}

/** Sen from what the borrower typed ("150", "150.5", "1,234.56"), or null when it is no amount. */
export function senFromInput(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const ringgitText = (sen: number) =>
  `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`;

type AmountProblem = 'amountInvalid' | 'amountTooSmall' | 'amountTooLarge';

export function amountProblem(sen: number | null, due: DueNowView): AmountProblem | null {
  if (sen === null) return 'amountInvalid';
  if (sen < due.minAmountSen) return 'amountTooSmall';
  if (sen > due.maxAmountSen) return 'amountTooLarge';
  return null;
}

/** The amount due now, broken down, the amount to pay (the amount due now unless the borrower
 *  changes it), the way to pay and the Pay button. */
export function PayNowForm({ due, onPay }: PayNowFormProps) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  const [channel, setChannel] = useState<GatewayChannel>('FPX');
  const [amount, setAmount] = useState(
    ringgitText(due.dueNowSen > 0 ? due.dueNowSen : due.maxAmountSen),
  );
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // The most one payment may be is today's settlement amount when the loan can be settled: the
  // wording says so, as paying it here does not close the loan the way settling does.
  const capKind = due.settlementSen !== null ? 'Settlement' : 'Owed';
  const limits = { min: formatRinggit(due.minAmountSen), max: formatRinggit(due.maxAmountSen) };
  const scheduleHref = `/repayment-schedule?agreementId=${encodeURIComponent(due.agreementId)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sen = senFromInput(amount);
    const found = amountProblem(sen, due);
    setProblem(found);
    if (found || sen === null) {
      amountRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const message = await onPay({ channel, amountSen: sen });
    // On success the browser is leaving for the gateway: the button stays busy until it does.
    if (message !== null) {
      setFailure(message);
      setBusy(false);
    }
  };

  return (
    <Stack gap={6} maxW="xl">
      <SummaryCard title={t('payNow.dueTitle')} testId="due-now">
        <SummaryRow label={t('payNow.overdue')} value={formatRinggit(due.overdueSen)} />
        <SummaryRow label={t('payNow.lateCharges')} value={formatRinggit(due.lateChargesSen)} />
        <SummaryRow label={t('payNow.current')} value={formatRinggit(due.currentInstalmentSen)} />
        <SummaryRow label={t('payNow.dueNow')} value={formatRinggit(due.dueNowSen)} />
      </SummaryCard>
      <Text color="gray.700" fontSize="sm">
        {t('payNow.asOf', {
          date: businessDateText(due.asOf, language),
          agreementNo: due.agreementNo,
        })}
      </Text>
      <Stack gap={2} data-testid="pay-choices">
        <Text fontWeight="semibold">{t('payNow.choicesTitle')}</Text>
        <Box as="ul" ps={5} listStyleType="disc" color="gray.700" fontSize="sm">
          <Box as="li">{t('payNow.choiceDue', { due: formatRinggit(due.dueNowSen) })}</Box>
          <Box as="li">{t('payNow.choiceMore')}</Box>
          {due.settlementSen !== null ? (
            <Box as="li">
              {t('payNow.choiceSettle', { settlement: formatRinggit(due.settlementSen) })}{' '}
              <Link asChild color="brand.link">
                <RouterLink to={scheduleHref}>{t('payNow.settleLink')}</RouterLink>
              </Link>
            </Box>
          ) : null}
        </Box>
      </Stack>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <Stack gap={5}>
          <Field.Root required invalid={problem !== null}>
            <Field.Label>{t('payNow.amount')}</Field.Label>
            <Input
              ref={amountRef}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              readOnly={busy}
              onChange={(event) => {
                setAmount(event.target.value);
                if (problem) setProblem(null);
              }}
              aria-describedby={hintId}
            />
            <Field.HelperText id={hintId} color="gray.700">
              {t(`payNow.amountHint${capKind}`, limits)}
            </Field.HelperText>
            {problem ? (
              <Field.ErrorText>
                {t(
                  problem === 'amountTooLarge'
                    ? `payNow.amountTooLarge${capKind}`
                    : `payNow.${problem}`,
                  limits,
                )}
              </Field.ErrorText>
            ) : null}
          </Field.Root>
          <ChannelChoice value={channel} onChange={setChannel} disabled={busy} />
          <Button
            type="submit"
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            colorPalette="brand"
            loading={busy}
            loadingText={t('payNow.starting')}
          >
            {t('payNow.pay')}
          </Button>
        </Stack>
      </form>
      {failure ? <ErrorNotice title={t('payNow.startFailed')} description={failure} /> : null}
    </Stack>
  );
}
