import type { CollectionWorkView } from '@lending/contracts';
import { parseRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import {
  Button,
  ErrorNotice,
  Field,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { useAction } from '../app/use-action';
import { caseWorkApi, promiseProblem } from './case-work-api';
import { Refusal } from './case-work-parts';

/** The borrower's promise to pay: amount, date and how it was made. */
export function PromiseForm({ work, reload }: { work: CollectionWorkView; reload: () => void }) {
  const { t } = useT('admin-collections');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const [channel, setChannel] = useState<'CALL' | 'MESSAGE' | 'EMAIL'>('CALL');
  const [problem, setProblem] = useState<ReturnType<typeof promiseProblem>>(null);
  const action = useAction(reload);
  if (!work.actions.recordPromise.allowed) return <Refusal verdict={work.actions.recordPromise} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = promiseProblem(amount, date, work.asOf);
    setProblem(found);
    const parsed = parseRinggit(amount);
    if (found || !parsed.ok) return;
    void action
      .run(() =>
        caseWorkApi.recordPromise(work.agreementId, {
          amountSen: parsed.sen,
          promisedFor: date,
          channel,
        }),
      )
      .then((done) => {
        if (done) setAmount('');
      });
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('work.promiseTitle')}>
      <Stack gap={2} direction={{ base: 'column', md: 'row' }} alignItems={{ md: 'flex-end' }}>
        <Field.Root required invalid={problem === 'amount'}>
          <Field.Label>{t('work.promiseAmount')}</Field.Label>
          <Input
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <Field.ErrorText>{problem === 'amount' ? t('work.problems.amount') : ''}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problem === 'date' || problem === 'dateTooFar'}>
          <Field.Label>{t('work.promiseDate')}</Field.Label>
          <Input
            name="promisedFor"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
          <Field.ErrorText>
            {problem && problem !== 'amount' ? t(`work.problems.${problem}`) : ''}
          </Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('work.channel')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={channel}
              onChange={(e) => setChannel(e.target.value as typeof channel)}
            >
              {(['CALL', 'MESSAGE', 'EMAIL'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`work.channels.${value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" loading={action.busy} flexShrink={0}>
          {t('work.recordPromise')}
        </Button>
      </Stack>
      {action.failure ? (
        <ErrorNotice title={t('actionFailed')} description={action.failure} />
      ) : null}
    </form>
  );
}

/** A call made (with its outcome) or a written message sent, within the contact rules. */
export function ContactForm({ work, reload }: { work: CollectionWorkView; reload: () => void }) {
  const { t } = useT('admin-collections');
  const [channel, setChannel] = useState<'CALL' | 'MESSAGE'>('CALL');
  const [outcome, setOutcome] = useState<'ANSWERED' | 'NO_ANSWER' | 'WRONG_NUMBER' | 'CALL_BACK'>(
    'ANSWERED',
  );
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const action = useAction(reload);
  if (!work.actions.recordContact.allowed) return <Refusal verdict={work.actions.recordContact} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = text.trim() === '' || (channel === 'MESSAGE' && subject.trim() === '');
    setInvalid(bad);
    if (bad) return;
    void action
      .run(() =>
        caseWorkApi.recordContact(
          work.agreementId,
          channel === 'CALL'
            ? { channel, outcome, note: text.trim() }
            : { channel, subject: subject.trim(), body: text.trim() },
        ),
      )
      .then((done) => {
        if (done) setText('');
      });
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('work.contactTitle')}>
      <Stack gap={2} maxW="lg">
        <Text fontSize="sm">{t('work.contactRules')}</Text>
        <Field.Root>
          <Field.Label>{t('work.channel')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={channel}
              onChange={(e) => setChannel(e.target.value as typeof channel)}
            >
              <option value="CALL">{t('work.channels.CALL')}</option>
              <option value="MESSAGE">{t('work.channels.MESSAGE')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {channel === 'CALL' ? (
          <Field.Root>
            <Field.Label>{t('work.outcome')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={outcome}
                onChange={(e) => setOutcome(e.target.value as typeof outcome)}
              >
                {(['ANSWERED', 'NO_ANSWER', 'WRONG_NUMBER', 'CALL_BACK'] as const).map((value) => (
                  <option key={value} value={value}>
                    {t(`work.outcomes.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : (
          <Field.Root required invalid={invalid && subject.trim() === ''}>
            <Field.Label>{t('work.subject')}</Field.Label>
            <Input value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
          </Field.Root>
        )}
        <Field.Root required invalid={invalid && text.trim() === ''}>
          <Field.Label>{channel === 'CALL' ? t('work.note') : t('work.message')}</Field.Label>
          <Textarea value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
          <Field.ErrorText>{invalid ? t('work.problems.text') : ''}</Field.ErrorText>
        </Field.Root>
        {action.failure ? (
          <ErrorNotice title={t('actionFailed')} description={action.failure} />
        ) : null}
        <Button type="submit" alignSelf="flex-start" loading={action.busy}>
          {channel === 'CALL' ? t('work.logCall') : t('work.sendMessage')}
        </Button>
      </Stack>
    </form>
  );
}
