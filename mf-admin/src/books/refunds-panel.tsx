import type { CreditRefundsResponse, CreditRefundView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import {
  Badge,
  Button,
  ErrorNotice,
  Field,
  Heading,
  Input,
  Stack,
  Text,
  Textarea,
} from '@lending/ui';
import { useState } from 'react';

import { useRefusalText } from '../app/action-refusal';
import { useAction } from '../app/use-action';
import { booksApi, reasonOk } from './books-api';
import { displayDate, useDateTime } from './format';

/** The maker's form: the refund is always the whole credit, so only the reason is asked. */
function RefundForm({ data, onDone }: { data: CreditRefundsResponse; onDone: () => void }) {
  const { t } = useT('admin-books');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const action = useAction(onDone);
  async function submit() {
    setInvalid(!reasonOk(reason));
    if (!reasonOk(reason)) return;
    const proposed = await action.run(() =>
      booksApi.proposeRefund(data.accountDetailsId, data.creditSen, reason.trim()),
    );
    if (proposed) setReason('');
  }
  return (
    <form
      noValidate
      aria-label={t('refunds.formTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={3} maxW="md">
        <Heading as="h4" size="xs">
          {t('refunds.formTitle')}
        </Heading>
        <Field.Root>
          <Field.Label>{t('refunds.amount')}</Field.Label>
          <Input name="refundAmount" value={formatRinggit(data.creditSen)} readOnly />
        </Field.Root>
        <Field.Root required invalid={invalid}>
          <Field.Label>{t('refunds.reason')}</Field.Label>
          <Textarea
            name="refundReason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <Field.ErrorText>{t('problems.reasonInvalid')}</Field.ErrorText>
        </Field.Root>
        {action.failure ? (
          <ErrorNotice title={t('actionFailed')} description={action.failure} />
        ) : null}
        <Button type="submit" alignSelf="flex-start" loading={action.busy}>
          {t('refunds.submit', { amount: formatRinggit(data.creditSen) })}
        </Button>
      </Stack>
    </form>
  );
}

/** One refund: what was proposed and by whom; a second person approves or rejects it. */
function RefundItem({ item, onDone }: { item: CreditRefundView; onDone: () => void }) {
  const { t } = useT('admin-books');
  const at = useDateTime();
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<'approve' | 'reject' | null>(null);
  const action = useAction(onDone);
  const whyNot = useRefusalText('admin-books')('refunds.whyNot.decide', item.actions.decide, [
    'nothingToDecide',
  ]);
  function decide(chosen: 'approve' | 'reject') {
    setOutcome(chosen);
    void action.run(() => booksApi.decideRefund(item.id, chosen, note));
  }
  return (
    <Stack
      as="li"
      gap={2}
      borderWidth="1px"
      borderRadius="md"
      p={3}
      data-testid={`refund-${item.id}`}
    >
      <Text fontWeight="semibold">
        {t('refunds.item', { amount: formatRinggit(item.amountSen), reference: item.reference })}{' '}
        <Badge>{t(`refunds.statuses.${item.status}`)}</Badge>
      </Text>
      <Text fontSize="sm">
        {t('refunds.itemPaidTo', { bank: item.paidTo.bankName, last4: item.paidTo.accountLast4 })}
      </Text>
      <Text>{t('adjustments.reason', { reason: item.reason })}</Text>
      <Text fontSize="sm" color="gray.700">
        {t('adjustments.proposedBy', {
          name: item.proposedByName ?? item.proposedBy,
          at: at(item.proposedAt),
        })}
        {item.decidedAt
          ? ` · ${t('adjustments.decidedBy', {
              name: item.decidedByName ?? item.decidedBy ?? '',
              at: at(item.decidedAt),
            })}`
          : ''}
      </Text>
      {item.decisionNote ? (
        <Text fontSize="sm">{t('adjustments.note', { note: item.decisionNote })}</Text>
      ) : null}
      {item.status === 'APPROVED' && item.businessDate ? (
        <Text fontSize="sm">
          {t('refunds.refundedOn', { date: displayDate(item.businessDate) })} ·{' '}
          {item.letterSent ? t('refunds.letterSent') : t('refunds.letterPending')}
        </Text>
      ) : null}
      {item.status === 'PROPOSED' && whyNot ? (
        <Text fontSize="sm" data-testid="refund-why-not">
          {whyNot}
        </Text>
      ) : null}
      {item.actions.decide.allowed ? (
        <Stack gap={2} maxW="md">
          <Text fontSize="sm">{t('refunds.fourEyes')}</Text>
          <Field.Root>
            <Field.Label>{t('adjustments.noteLabel')}</Field.Label>
            <Input
              name={`refund-note-${item.id}`}
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field.Root>
          <Stack direction="row" gap={2}>
            <Button
              size="sm"
              loading={action.busy && outcome === 'approve'}
              disabled={action.busy && outcome === 'reject'}
              onClick={() => decide('approve')}
            >
              {t('adjustments.approve')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={action.busy && outcome === 'reject'}
              disabled={action.busy && outcome === 'approve'}
              onClick={() => decide('reject')}
            >
              {t('adjustments.reject')}
            </Button>
          </Stack>
        </Stack>
      ) : null}
      {action.failure ? (
        <ErrorNotice title={t('actionFailed')} description={action.failure} />
      ) : null}
    </Stack>
  );
}

/** A closed account's credit, where a refund goes, its refunds, and the form when allowed. */
export function RefundPanel({ data, onDone }: { data: CreditRefundsResponse; onDone: () => void }) {
  const { t } = useT('admin-books');
  const whyNot = useRefusalText('admin-books')('refunds.whyNot.propose', data.actions.propose);
  const paidTo = data.nominatedAccount;
  return (
    <Stack gap={3} data-testid="refunds">
      <Heading as="h3" size="sm">
        {t('refunds.title')}
      </Heading>
      <Text fontSize="sm">{t('refunds.intro')}</Text>
      <Text fontWeight="semibold" data-testid="refund-credit">
        {t('refunds.credit', { amount: formatRinggit(data.creditSen) })}
      </Text>
      <Text fontSize="sm">
        {paidTo
          ? t('refunds.paidTo', {
              bank: paidTo.bankName,
              last4: paidTo.accountLast4,
              name: paidTo.accountName,
            })
          : t('refunds.noPayout')}
      </Text>
      {data.items.length === 0 ? <Text>{t('refunds.none')}</Text> : null}
      {data.items.length > 0 ? (
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
          {data.items.map((item) => (
            <RefundItem key={item.id} item={item} onDone={onDone} />
          ))}
        </Stack>
      ) : null}
      {whyNot ? (
        <Text fontSize="sm" data-testid="refund-propose-why-not">
          {whyNot}
        </Text>
      ) : null}
      {data.actions.propose.allowed ? <RefundForm data={data} onDone={onDone} /> : null}
    </Stack>
  );
}
