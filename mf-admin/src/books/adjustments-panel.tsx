import type { AccountAdjustment, WaiverChargesResponse } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { errorMessage, useT } from '@lending/platform';
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
import { booksApi, reasonOk, type WaiverProblem, waiverProblems } from './books-api';
import { useDateTime } from './format';

/** The maker's waiver form: an amount within the late charges outstanding, and why. */
export function WaiverForm({
  waivers,
  onDone,
}: {
  waivers: WaiverChargesResponse;
  onDone: () => void;
}) {
  const { t } = useT('admin-books');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<WaiverProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    const checked = waiverProblems(amount, reason, waivers.lateChargesOutstandingSen);
    setProblems(checked.problems);
    setFailure(null);
    if (checked.amountSen === null) return;
    setBusy(true);
    try {
      await booksApi.proposeWaiver(waivers.accountDetailsId, checked.amountSen, reason.trim());
      setAmount('');
      setReason('');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      noValidate
      aria-label={t('waiver.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={3} maxW="md">
        <Heading as="h3" size="sm">
          {t('waiver.title')}
        </Heading>
        <Field.Root required invalid={problems.some((p) => p.startsWith('amount'))}>
          <Field.Label>{t('waiver.amount')}</Field.Label>
          <Input
            name="amount"
            inputMode="decimal"
            value={amount}
            maxLength={12}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field.HelperText color="gray.700">
            {t('waiver.amountHint', {
              outstanding: formatRinggit(waivers.lateChargesOutstandingSen),
            })}
          </Field.HelperText>
          <Field.ErrorText>
            {problems.includes('amountTooLarge')
              ? t('waiver.problems.amountTooLarge')
              : t('waiver.problems.amountInvalid')}
          </Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problems.includes('reasonInvalid')}>
          <Field.Label>{t('waiver.reason')}</Field.Label>
          <Textarea
            name="reason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <Field.ErrorText>{t('problems.reasonInvalid')}</Field.ErrorText>
        </Field.Root>
        {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
        <Button type="submit" alignSelf="flex-start" loading={busy}>
          {t('waiver.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The maker's write-off form: why the account is given up on. */
export function WriteOffForm({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const { t } = useT('admin-books');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    setFailure(null);
    setInvalid(!reasonOk(reason));
    if (!reasonOk(reason)) return;
    setBusy(true);
    try {
      await booksApi.proposeWriteOff(accountId, reason.trim());
      setReason('');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      noValidate
      aria-label={t('writeOff.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={3} maxW="md">
        <Heading as="h3" size="sm">
          {t('writeOff.title')}
        </Heading>
        <Text fontSize="sm" color="gray.700">
          {t('writeOff.intro')}
        </Text>
        <Field.Root required invalid={invalid}>
          <Field.Label>{t('writeOff.reason')}</Field.Label>
          <Textarea
            name="writeOffReason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <Field.ErrorText>{t('problems.reasonInvalid')}</Field.ErrorText>
        </Field.Root>
        {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
        <Button type="submit" alignSelf="flex-start" colorPalette="red" loading={busy}>
          {t('writeOff.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** One request: what was proposed, by whom; a second person approves or rejects it. */
export function AdjustmentItem({ item, onDone }: { item: AccountAdjustment; onDone: () => void }) {
  const { t } = useT('admin-books');
  const at = useDateTime();
  const [note, setNote] = useState('');
  // Why this person may not approve or reject it (their own proposal, or not their role).
  const whyNot = useRefusalText('admin-books')('whyNot.decide', item.actions.decide, [
    'nothingToDecide',
  ]);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function decide(outcome: 'approve' | 'reject') {
    setBusy(outcome);
    setFailure(null);
    try {
      await booksApi[outcome](item.id, note);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }
  const title =
    item.kind === 'WRITEOFF'
      ? t('adjustments.writeOff')
      : t('adjustments.waiver', { amount: formatRinggit(item.amountSen ?? 0) });
  return (
    <Stack
      as="li"
      gap={2}
      borderWidth="1px"
      borderRadius="md"
      p={3}
      data-testid={`adjustment-${item.id}`}
    >
      <Text fontWeight="semibold">
        {title} <Badge>{t(`adjustments.statuses.${item.status}`)}</Badge>
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
      {item.lines.length > 0 ? (
        <Text fontSize="sm">
          {item.lines
            .map((line) =>
              t('adjustments.line', {
                instalment: line.instalmentNo,
                amount: formatRinggit(line.amountSen),
              }),
            )
            .join(' · ')}
        </Text>
      ) : null}
      {item.status === 'PROPOSED' && whyNot ? (
        <Text fontSize="sm" data-testid="decide-why-not">
          {whyNot}
        </Text>
      ) : null}
      {item.actions.decide.allowed ? (
        <Stack gap={2} maxW="md">
          <Text fontSize="sm" data-testid="four-eyes">
            {t('adjustments.fourEyes')}
          </Text>
          <Field.Root>
            <Field.Label>{t('adjustments.noteLabel')}</Field.Label>
            <Input
              name={`note-${item.id}`}
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field.Root>
          <Stack direction="row" gap={2}>
            <Button
              size="sm"
              loading={busy === 'approve'}
              disabled={busy === 'reject'}
              onClick={() => void decide('approve')}
            >
              {t('adjustments.approve')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={busy === 'reject'}
              disabled={busy === 'approve'}
              onClick={() => void decide('reject')}
            >
              {t('adjustments.reject')}
            </Button>
          </Stack>
        </Stack>
      ) : null}
      {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
    </Stack>
  );
}
