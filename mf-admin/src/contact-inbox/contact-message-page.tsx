import {
  CONTACT_CLOSE_NOTE_MAX_LENGTH,
  CONTACT_REPLY_MAX_LENGTH,
  type ContactMessageDetail,
  type ContactReply,
} from '@lending/contracts';
import { errorMessage, navigate, useSession, useT } from '@lending/platform';
import { loadStatusOf, queryClient, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  Card,
  ErrorNotice,
  Field,
  Flex,
  Heading,
  Input,
  Link,
  LoadStatus,
  NativeSelect,
  PageFrame,
  SimpleGrid,
  Stack,
  SuccessNotice,
  Text,
  Textarea,
} from '@lending/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';

import { staffIdentity } from '../app/staff-session';
import { errorCodeOf } from '../staff/staff-api';
import { useTimeText } from '../users/user-format';
import { CONTACT_INBOX_KEY, contactApi, contactInboxKeys, lastInboxSearch } from './contact-api';
import { NotAllowed, NS, StatusBadge, useMayWorkInbox } from './contact-inbox-page';

const KNOWN_FAILURES = [
  'CONTACT_MESSAGE_CHANGED',
  'CONTACT_MESSAGE_CLOSED',
  'CONTACT_ASSIGNEE_REFUSED',
  'CONTACT_REPLY_NOT_SENT',
  'CONTACT_MESSAGE_NOT_FOUND',
  'FORBIDDEN',
] as const;

type Step = 'answer' | 'assign' | 'close';
type Outcome = { step: Step; tone: 'success' | 'error'; text: string } | null;

/** The words for a refused step; a message changed meanwhile is read again. */
function useFailure(messageId: string) {
  const { t } = useT(NS);
  return (error: unknown): string => {
    const code = errorCodeOf(error);
    if (code === 'CONTACT_MESSAGE_CHANGED' || code === 'CONTACT_REPLY_NOT_SENT') {
      void queryClient.invalidateQueries({ queryKey: contactInboxKeys.message(messageId) });
    }
    return (KNOWN_FAILURES as readonly string[]).includes(code ?? '')
      ? t(`errors.${code}`)
      : t('errors.other', { message: errorMessage(error) });
  };
}

/** The message as the server answered a step: shown at once, and the list read again. */
function settle(detail: ContactMessageDetail) {
  queryClient.setQueryData(contactInboxKeys.message(detail.id), detail);
  void queryClient.invalidateQueries({ queryKey: [...CONTACT_INBOX_KEY, 'page'] });
}

/** `/admin/contact-messages/:messageId`: one message, its thread, and what may be done now. */
export function ContactMessagePage() {
  const { t } = useT(NS);
  const allowed = useMayWorkInbox();
  const { messageId = '' } = useParams();
  const query = useServerQuery<ContactMessageDetail>({
    queryKey: contactInboxKeys.message(messageId),
    queryFn: () => contactApi.message(messageId),
    enabled: allowed && messageId !== '',
  });
  const back = `/admin/contact-messages${lastInboxSearch.get()}`;
  return (
    <PageFrame title={t('mf-admin:screens.contactMessage.title')}>
      <Stack gap={5}>
        <Box>
          <Link
            href={back}
            onClick={(event) => {
              event.preventDefault();
              navigate(back);
            }}
          >
            {t('detail.back')}
          </Link>
        </Box>
        {allowed ? (
          <>
            <LoadStatus
              {...loadStatusOf(query)}
              loadingLabel={t('detail.loading')}
              errorTitle={t('detail.failed')}
            />
            {query.data ? <Message detail={query.data} /> : null}
          </>
        ) : (
          <NotAllowed />
        )}
      </Stack>
    </PageFrame>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW={0}>
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" wordBreak="break-word">
        {children}
      </Text>
    </Box>
  );
}

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={props.id} borderWidth="1px" rounded="md" p={4}>
      <Heading as="h3" size="sm" id={props.id} mb={3}>
        {props.title}
      </Heading>
      {props.children}
    </Box>
  );
}

function Message({ detail }: { detail: ContactMessageDetail }) {
  const { t } = useT(NS);
  const time = useTimeText();
  // What the last step came to, said where it was taken. It is kept here, not in the step's
  // form: closing takes the forms away, and its outcome is said with the closed notice.
  const [outcome, setOutcome] = useState<Outcome>(null);
  const notice = (step: Step) => (
    <OutcomeNotice outcome={outcome?.step === step ? outcome : null} />
  );
  return (
    <Stack gap={5}>
      <Card.Root variant="outline">
        <Card.Body gap={3}>
          <Flex justify="space-between" gap={2} wrap="wrap" align="flex-start">
            <Heading as="h2" size="md" data-testid="message-reference">
              {detail.referenceNo}
            </Heading>
            <Flex gap={2} wrap="wrap">
              <StatusBadge status={detail.status} />
              <Badge variant="outline">{t(`tenant.${detail.tenant}`)}</Badge>
            </Flex>
          </Flex>
          <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 3 }} gap={3} fontSize="sm">
            <Fact label={t('detail.from')}>{detail.name ?? t('item.anonymous')}</Fact>
            <Fact label={t('detail.email')}>{detail.email}</Fact>
            <Fact label={t('detail.language')}>{t(`language.${detail.language}`)}</Fact>
            <Fact label={t('detail.received')}>{time(detail.createdAt)}</Fact>
            <Fact label={t('detail.heldBy')}>{detail.assignee?.name ?? t('item.unassigned')}</Fact>
            {detail.closedAt ? (
              <Fact label={t('detail.closedAt')}>{time(detail.closedAt)}</Fact>
            ) : null}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Section id="contact-message-text" title={t('detail.message')}>
        <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="message-text">
          {detail.comments}
        </Text>
      </Section>
      <Section id="contact-thread" title={t('detail.thread')}>
        <Thread detail={detail} />
      </Section>
      {detail.actions.answer ? (
        <Section id="contact-answer" title={t('answer.title')}>
          <AnswerForm detail={detail} onOutcome={setOutcome} />
          {notice('answer')}
        </Section>
      ) : null}
      {detail.actions.assign ? (
        <Section id="contact-assign" title={t('assign.title')}>
          <AssignForm key={detail.assignee?.id} detail={detail} onOutcome={setOutcome} />
          {notice('assign')}
        </Section>
      ) : null}
      {detail.actions.close ? (
        <Section id="contact-close" title={t('close.title')}>
          <CloseForm detail={detail} onOutcome={setOutcome} />
        </Section>
      ) : null}
      {detail.status === 'CLOSED' ? (
        <Text role="note" color="fg.muted">
          {t('detail.closedNotice')}
        </Text>
      ) : null}
      {notice('close')}
    </Stack>
  );
}

function Thread({ detail }: { detail: ContactMessageDetail }) {
  const { t } = useT(NS);
  if (detail.replies.length === 0) return <Text>{t('detail.noReplies')}</Text>;
  return (
    <Stack as="ol" gap={3} listStyleType="none" m={0} p={0} data-testid="contact-thread">
      {detail.replies.map((reply) => (
        <Box as="li" key={reply.id} borderWidth="1px" borderRadius="md" p={3}>
          <ReplyItem messageId={detail.id} reply={reply} />
        </Box>
      ))}
    </Stack>
  );
}

function ReplyItem({ messageId, reply }: { messageId: string; reply: ContactReply }) {
  const { t } = useT(NS);
  const time = useTimeText();
  const failure = useFailure(messageId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sendAgain = async () => {
    setBusy(true);
    setProblem(null);
    try {
      settle(await contactApi.resend(messageId, reply.id));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={1}>
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {reply.body}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('detail.by', {
          who: reply.author?.name ?? t('detail.unknownAuthor'),
          when: time(reply.createdAt),
        })}
      </Text>
      {reply.emailedAt ? (
        <Text fontSize="sm" color="fg.muted">
          {t('detail.emailed', { when: time(reply.emailedAt) })}
        </Text>
      ) : (
        <Stack gap={2} align="flex-start">
          <Text fontSize="sm" color="red.700">
            {t('detail.notEmailed')}
          </Text>
          <Button size="sm" variant="outline" loading={busy} onClick={() => void sendAgain()}>
            {t('detail.sendAgain')}
          </Button>
          {problem ? <ErrorNotice title={problem} /> : null}
        </Stack>
      )}
    </Stack>
  );
}

interface StepProps {
  detail: ContactMessageDetail;
  onOutcome: (outcome: Outcome) => void;
}

/** What the last step came to, for a screen reader too. */
function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  return (
    <Box aria-live="polite">
      {outcome?.tone === 'success' ? <SuccessNotice title={outcome.text} /> : null}
      {outcome?.tone === 'error' ? <ErrorNotice title={outcome.text} /> : null}
    </Box>
  );
}

function AnswerForm(props: StepProps) {
  const { detail, onOutcome: setOutcome } = props;
  const { t } = useT(NS);
  const failure = useFailure(detail.id);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!body.trim()) {
      setProblem(t('answer.required'));
      field.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answered = await contactApi.answer(detail.id, {
        version: detail.version,
        body: body.trim(),
      });
      setBody('');
      settle(answered);
      setOutcome({ step: 'answer', tone: 'success', text: t('answer.done') });
    } catch (error) {
      // The words typed stay in the box whatever went wrong.
      setOutcome({ step: 'answer', tone: 'error', text: failure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('answer.title')}>
      <Stack gap={3}>
        <Text fontSize="sm" color="fg.muted">
          {t('answer.hint', {
            email: detail.email,
            language: t(`language.${detail.language}`),
          })}
        </Text>
        <Field.Root required invalid={problem !== null}>
          <Field.Label>{t('answer.label')}</Field.Label>
          <Textarea
            ref={field}
            name="answer"
            value={body}
            maxLength={CONTACT_REPLY_MAX_LENGTH}
            rows={6}
            lang={detail.language === 'MS' ? 'ms' : 'en'}
            onChange={(event) => setBody(event.target.value)}
          />
          <Field.HelperText>
            {t('answer.remaining', { count: CONTACT_REPLY_MAX_LENGTH - body.length })}
          </Field.HelperText>
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        <Box>
          <Button type="submit" loading={busy} loadingText={t('answer.sending')}>
            {t('answer.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

function AssignForm(props: StepProps) {
  const { detail, onOutcome: setOutcome } = props;
  const { t } = useT(NS);
  const failure = useFailure(detail.id);
  const { staffAccessToken } = useSession();
  const me = staffIdentity(staffAccessToken)?.id ?? null;
  const [staffId, setStaffId] = useState(detail.assignee?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const assign = async (to: string) => {
    setOutcome(null);
    if (!to) {
      setProblem(t('assign.required'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const assigned = await contactApi.assign(detail.id, { version: detail.version, staffId: to });
      settle(assigned);
      setOutcome({
        step: 'assign',
        tone: 'success',
        text: t('assign.done', { name: assigned.assignee?.name ?? '' }),
      });
    } catch (error) {
      setOutcome({ step: 'assign', tone: 'error', text: failure(error) });
    } finally {
      setBusy(false);
    }
  };

  const mayTake =
    me !== null && detail.assignee?.id !== me && detail.assignees.some((a) => a.id === me);
  return (
    <form
      noValidate
      aria-label={t('assign.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void assign(staffId);
      }}
    >
      <Stack gap={3}>
        <Field.Root required invalid={problem !== null} maxW={{ base: 'full', md: '24rem' }}>
          <Field.Label>{t('assign.label')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="assignee"
              value={staffId}
              onChange={(event) => setStaffId(event.target.value)}
            >
              <option value="">{t('assign.choose')}</option>
              {detail.assignees.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        <Flex gap={2} wrap="wrap">
          <Button type="submit" loading={busy} flex={{ base: 1, sm: 'none' }}>
            {t('assign.submit')}
          </Button>
          {mayTake ? (
            <Button
              variant="outline"
              disabled={busy}
              flex={{ base: 1, sm: 'none' }}
              onClick={() => void assign(me)}
            >
              {t('assign.takeIt')}
            </Button>
          ) : null}
        </Flex>
      </Stack>
    </form>
  );
}

function CloseForm(props: StepProps) {
  const { detail, onOutcome: setOutcome } = props;
  const { t } = useT(NS);
  const failure = useFailure(detail.id);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    setBusy(true);
    try {
      const closed = await contactApi.close(detail.id, {
        version: detail.version,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      settle(closed);
      setOutcome({ step: 'close', tone: 'success', text: t('close.done') });
    } catch (error) {
      setOutcome({ step: 'close', tone: 'error', text: failure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('close.title')}>
      <Stack gap={3}>
        <Text fontSize="sm" color="fg.muted">
          {t('close.hint')}
        </Text>
        <Field.Root maxW={{ base: 'full', md: '32rem' }}>
          <Field.Label>{t('close.note')}</Field.Label>
          <Input
            name="note"
            value={note}
            maxLength={CONTACT_CLOSE_NOTE_MAX_LENGTH}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field.Root>
        <Box>
          <Button type="submit" variant="outline" colorPalette="red" loading={busy}>
            {t('close.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
