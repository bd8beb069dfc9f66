import type {
  RejectBankInSlipBody,
  StaffBankInSlipsResponse,
  StaffBankInSlipView,
} from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { registerTranslations, useT } from '@lending/platform';
import { Badge, Box, Button, ErrorNotice, Heading, Stack, Text } from '@lending/ui';
import { useState } from 'react';

import { useRefusalText } from '../app/action-refusal';
import { displayDate, useDateTime } from '../books/format';
import en from '../locales/en/admin-bank-in-slips.json';
import ms from '../locales/ms/admin-bank-in-slips.json';
import { RejectForm } from './reject-form';

registerTranslations('admin-bank-in-slips', { en, ms });
const NS = 'admin-bank-in-slips';

const STATUS_COLOURS = {
  SUBMITTED: 'yellow',
  CONFIRMING: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
} as const;

export interface SlipActions {
  /** Each resolves null when done, or with the message to show beside the slip. */
  approve: (slip: StaffBankInSlipView) => Promise<string | null>;
  reject: (slip: StaffBankInSlipView, body: RejectBankInSlipBody) => Promise<string | null>;
  open: (slip: StaffBankInSlipView, download: boolean) => Promise<string | null>;
}

/** One slip: whose, how much, when; the slip to open; approve or reject, or why not. */
function SlipCard({ slip, actions }: { slip: StaffBankInSlipView; actions: SlipActions }) {
  const { t } = useT(NS);
  const refusal = useRefusalText(NS);
  const when = useDateTime();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const approveRefused = refusal('refusals.approve', slip.actions.approve, ['nothingToDecide']);
  const rejectRefused = refusal('refusals.reject', slip.actions.reject, ['nothingToDecide']);
  const headingId = `slip-${slip.id}`;
  const confirming = slip.status === 'CONFIRMING';

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setFailure(null);
    setFailure(await action());
    setBusy(false);
  };

  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p={4}
      aria-labelledby={headingId}
      data-testid={`slip-${slip.id}`}
    >
      <Stack gap={3}>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap={2}>
          <Heading as="h2" size="sm" id={headingId}>
            {t('slip.heading', {
              amount: formatRinggit(slip.amountSen),
              agreementNo: slip.agreementNo,
            })}
          </Heading>
          <Badge colorPalette={STATUS_COLOURS[slip.status]} alignSelf="flex-start">
            {t(`status.${slip.status}`)}
          </Badge>
        </Stack>
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} gap={1}>
          <Text as="dt" fontWeight="semibold">
            {t('slip.borrower')}
          </Text>
          <Text as="dd">{slip.borrowerName}</Text>
          <Text as="dt" fontWeight="semibold">
            {t('slip.paidOn')}
          </Text>
          <Text as="dd">{displayDate(slip.paidOn)}</Text>
          <Text as="dt" fontWeight="semibold">
            {t('slip.submittedAt')}
          </Text>
          <Text as="dd">{when(slip.submittedAt)}</Text>
          <Text as="dt" fontWeight="semibold">
            {t('slip.approvals')}
          </Text>
          <Text as="dd">
            {slip.approvalsNeeded === 2
              ? confirming
                ? t('slip.firstApprovedBy', {
                    name: slip.firstApprovedByName ?? slip.firstApprovedBy,
                  })
                : t('slip.twoNeeded')
              : t('slip.oneNeeded')}
          </Text>
          {slip.receiptNo ? (
            <>
              <Text as="dt" fontWeight="semibold">
                {t('slip.receipt')}
              </Text>
              <Text as="dd">{slip.receiptNo}</Text>
            </>
          ) : null}
          {slip.rejectReason ? (
            <>
              <Text as="dt" fontWeight="semibold">
                {t('slip.rejectReason')}
              </Text>
              <Text as="dd">
                {t(`reasons.${slip.rejectReason}`)}
                {slip.rejectNote ? ` — ${slip.rejectNote}` : ''}
              </Text>
            </>
          ) : null}
        </Box>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={2} wrap="wrap">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => void run(() => actions.open(slip, false))}
          >
            {t('slip.open', { name: slip.originalFileName })}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => void run(() => actions.open(slip, true))}
          >
            {t('slip.download')}
          </Button>
          {slip.actions.approve.allowed ? (
            <Button
              size="sm"
              colorPalette="brand"
              loading={busy}
              aria-describedby={headingId}
              onClick={() => void run(() => actions.approve(slip))}
            >
              {t(
                confirming
                  ? 'slip.confirm'
                  : slip.approvalsNeeded === 2
                    ? 'slip.approveFirst'
                    : 'slip.approve',
              )}
            </Button>
          ) : null}
          {slip.actions.reject.allowed ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={busy}
              aria-expanded={rejecting}
              aria-describedby={headingId}
              onClick={() => setRejecting((shown) => !shown)}
            >
              {t('slip.reject')}
            </Button>
          ) : null}
        </Stack>
        {approveRefused ? (
          <Text color="gray.700" fontSize="sm">
            {approveRefused}
          </Text>
        ) : null}
        {rejectRefused && rejectRefused !== approveRefused ? (
          <Text color="gray.700" fontSize="sm">
            {rejectRefused}
          </Text>
        ) : null}
        {rejecting ? <RejectForm onReject={(body) => actions.reject(slip, body)} /> : null}
        {failure ? <ErrorNotice title={t('slip.failed')} description={failure} /> : null}
      </Stack>
    </Box>
  );
}

/** The slips, oldest waiting first, each with what this member may do with it. */
export function SlipQueue({
  data,
  actions,
}: {
  data: StaffBankInSlipsResponse;
  actions: SlipActions;
}) {
  const { t } = useT(NS);
  return (
    <Stack gap={4}>
      <Text color="gray.700">
        {t('queue.limit', { amount: formatRinggit(data.secondApprovalAboveSen) })}
      </Text>
      {data.items.length === 0 ? (
        <Text data-testid="slips-empty">{t('queue.empty')}</Text>
      ) : (
        <Stack as="ul" gap={3} listStyleType="none" aria-label={t('queue.listLabel')}>
          {data.items.map((slip) => (
            <SlipCard key={slip.id} slip={slip} actions={actions} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
