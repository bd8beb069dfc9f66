import type { CollectionWorkView, TerminationView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useSession, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  ErrorNotice,
  Field,
  Heading,
  Input,
  LoadStatus,
  Stack,
  Text,
  Textarea,
} from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { staffIdentity } from '../app/staff-session';
import { useAction } from '../app/use-action';
import { CaseOfficerPicker } from './case-officer-picker';
import { caseWorkApi, reasonProblem } from './case-work-api';
import { ContactForm, PromiseForm } from './case-work-forms';
import { displayDate, Refusal, Section } from './case-work-parts';

function TerminationItem({ item, reload }: { item: TerminationView; reload: () => void }) {
  const { t } = useT('admin-collections');
  const [note, setNote] = useState('');
  const action = useAction(reload);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p={3} data-testid="termination">
      <Stack gap={1}>
        <Text fontWeight="semibold">
          <Badge>{t(`work.terminationStatus.${item.status}`)}</Badge> {item.reason}
        </Text>
        <Text fontSize="sm">
          {t('work.proposedBy', { name: item.proposedByName ?? item.proposedBy })}
          {item.decidedBy
            ? ` · ${t('work.decidedBy', { name: item.decidedByName ?? item.decidedBy })}`
            : ''}
        </Text>
        {item.balanceSen !== null ? (
          <Text fontSize="sm" data-testid="termination-balance">
            {t('work.balance', {
              principal: formatRinggit(item.unpaidPrincipalSen ?? 0),
              interest: formatRinggit(item.earnedInterestSen ?? 0),
              charges: formatRinggit(item.lateChargesSen ?? 0),
              forgone: formatRinggit(item.interestForgoneSen ?? 0),
              balance: formatRinggit(item.balanceSen),
              date: displayDate(item.businessDate ?? ''),
            })}
          </Text>
        ) : null}
        {item.actions.decide.allowed ? (
          <Stack gap={2}>
            <Field.Root>
              <Field.Label>{t('work.decisionNote')}</Field.Label>
              <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            </Field.Root>
            {action.failure ? (
              <ErrorNotice title={t('actionFailed')} description={action.failure} />
            ) : null}
            <Stack direction="row" gap={2} flexWrap="wrap">
              <Button
                colorPalette="red"
                loading={action.busy}
                onClick={() =>
                  void action.run(() => caseWorkApi.decideTermination(item.id, true, note))
                }
              >
                {t('work.approve')}
              </Button>
              <Button
                variant="outline"
                disabled={action.busy}
                onClick={() =>
                  void action.run(() => caseWorkApi.decideTermination(item.id, false, note))
                }
              >
                {t('work.reject')}
              </Button>
            </Stack>
          </Stack>
        ) : item.status === 'PROPOSED' ? (
          <Refusal verdict={item.actions.decide} />
        ) : null}
      </Stack>
    </Box>
  );
}

function ProposeTermination({ work, reload }: { work: CollectionWorkView; reload: () => void }) {
  const { t } = useT('admin-collections');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const action = useAction(reload);
  if (!work.actions.proposeTermination.allowed) {
    return <Refusal verdict={work.actions.proposeTermination} />;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = reasonProblem(reason);
    setInvalid(bad);
    if (!bad) void action.run(() => caseWorkApi.proposeTermination(work.agreementId, reason));
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('work.propose')}>
      <Stack gap={2} maxW="md">
        <Text fontSize="sm">
          {t('work.proposeIntro', { balance: formatRinggit(work.terminationBalanceSen) })}
        </Text>
        <Field.Root required invalid={invalid}>
          <Field.Label>{t('work.reason')}</Field.Label>
          <Textarea name="reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          <Field.ErrorText>{invalid ? t('work.reasonProblem') : ''}</Field.ErrorText>
        </Field.Root>
        {action.failure ? (
          <ErrorNotice title={t('actionFailed')} description={action.failure} />
        ) : null}
        <Button type="submit" alignSelf="flex-start" loading={action.busy} colorPalette="red">
          {t('work.propose')}
        </Button>
      </Stack>
    </form>
  );
}

/** The case's work under an account: officer and next action, termination (four eyes),
 *  promises to pay, and the contact log (read only: nothing in it is ever edited). */
export function CaseWorkPanel({ agreementId }: { agreementId: string }) {
  const { t } = useT('admin-collections');
  const query = useServerQuery({
    queryKey: ['admin', 'collection-work', agreementId],
    queryFn: () => caseWorkApi.work(agreementId),
  });
  return (
    <Stack gap={4} data-testid="case-work" borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h2" size="md">
        {t('work.title')}
      </Heading>
      <LoadStatus
        {...loadStatusOf(query)}
        loadingLabel={t('loading')}
        errorTitle={t('work.loadFailed')}
      />
      {query.data ? <CaseWork work={query.data} reload={() => void query.refetch()} /> : null}
    </Stack>
  );
}

/** The case as the server answered it, with the forms the viewer may use. */
export function CaseWork({ work, reload }: { work: CollectionWorkView; reload: () => void }) {
  const { t } = useT('admin-collections');
  const me = staffIdentity(useSession().staffAccessToken)?.id ?? null;
  return (
    <>
      <Text data-testid="case-summary">
        <Badge>{t(`work.accountStatus.${work.accountStatus}`)}</Badge>{' '}
        {t('work.summary', {
          officer: work.assignedToName ?? t('work.unassigned'),
          bucket: work.bucket ? t(`work.buckets.${work.bucket}`) : '—',
        })}
        {work.nextAction && work.nextActionOn
          ? ` · ${t('work.next', {
              action: t(`work.actions.${work.nextAction}`),
              date: displayDate(work.nextActionOn),
            })}`
          : ''}
      </Text>
      <CaseOfficerPicker work={work} me={me} reload={reload} />
      <Section title={t('work.terminationTitle')}>
        {work.terminationFrom ? (
          <Text fontSize="sm">
            {t('work.terminationFrom', { date: displayDate(work.terminationFrom) })}
          </Text>
        ) : null}
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
          {work.terminations.map((item) => (
            <TerminationItem key={item.id} item={item} reload={reload} />
          ))}
        </Stack>
        {work.accountStatus === 'ACTIVE' ? (
          <ProposeTermination work={work} reload={reload} />
        ) : null}
      </Section>
      <Section title={t('work.promiseTitle')}>
        {work.promises.length === 0 ? <Text fontSize="sm">{t('work.noPromises')}</Text> : null}
        <Stack as="ul" gap={1} listStyleType="none" m={0} p={0} data-testid="promises">
          {work.promises.map((promise) => (
            <Box as="li" key={promise.id}>
              <Text fontSize="sm">
                <Badge>{t(`work.promiseStatus.${promise.status}`)}</Badge>{' '}
                {t('work.promiseLine', {
                  amount: formatRinggit(promise.amountSen),
                  date: displayDate(promise.promisedFor),
                  channel: t(`work.channels.${promise.channel}`),
                })}
              </Text>
            </Box>
          ))}
        </Stack>
        <PromiseForm work={work} reload={reload} />
      </Section>
      <Section title={t('work.contactTitle')}>
        <ContactForm work={work} reload={reload} />
        {work.contacts.length === 0 ? <Text fontSize="sm">{t('work.noContacts')}</Text> : null}
        <Box overflowX="auto">
          <Box as="table" width="100%" data-testid="contact-log">
            <caption>{t('work.logCaption')}</caption>
            <thead>
              <tr>
                {(['when', 'channel', 'kind', 'subject', 'by'] as const).map((key) => (
                  <Box as="th" key={key} textAlign="start" p={1}>
                    {t(`work.columns.${key}`)}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {work.contacts.map((contact) => (
                <tr key={contact.id}>
                  <Box as="td" p={1}>
                    {displayDate(contact.businessDate)}
                  </Box>
                  <Box as="td" p={1}>
                    {t(`work.channels.${contact.channel}`)}
                  </Box>
                  <Box as="td" p={1}>
                    {t(`work.kinds.${contact.kind}`)}
                  </Box>
                  <Box as="td" p={1} overflowWrap="anywhere">
                    {contact.outcome ? `${t(`work.outcomes.${contact.outcome}`)}: ` : ''}
                    {contact.channel === 'CALL' ? contact.body : contact.subject}
                  </Box>
                  <Box as="td" p={1}>
                    {contact.actor.startsWith('system:') ? t('work.bySystem') : t('work.byStaff')}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      </Section>
    </>
  );
}
