import type {
  DecisionOptions,
  DecisionRequest,
  InterviewMode,
  InterviewOutcome,
  InterviewOutcomeRequest,
  InterviewView,
  RecommendationPreview,
  RecommendTerms,
  ReferbackItem,
} from '@lending/contracts';
import type { StaffDecision } from '@lending/domain';
import { formatRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import {
  Box,
  Button,
  Card,
  ChangedNotice,
  ErrorNotice,
  Field,
  Heading,
  HStack,
  Stack,
  Text,
} from '@lending/ui';
import { Checkbox } from '@lending/ui/screens';
import { useEffect, useRef, useState } from 'react';

import { type Choice, Select, TextArea, TextInput } from './controls';
import { bpToPercent, type Problem, problemOf } from './decisions-api';
import { OfferFigures, RecommendForm } from './recommend-form';

/** A decision as the form builds it; the version is added when it is sent. */
type DecisionBody = DecisionRequest extends infer R
  ? R extends { version: number }
    ? Omit<R, 'version'>
    : never
  : never;

export interface DecisionFormsProps {
  options: DecisionOptions;
  submit: (body: DecisionRequest) => Promise<void>;
  preview: (terms: RecommendTerms) => Promise<RecommendationPreview>;
  recordOutcome: (interviewId: string, body: InterviewOutcomeRequest) => Promise<void>;
  /** Reads the file again (after a decision, or when it changed under the form). */
  onReload: () => void;
}

const MODES: InterviewMode[] = ['IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL'];
const OUTCOMES: InterviewOutcome[] = ['ATTENDED', 'NO_SHOW', 'RESCHEDULED'];

/** A slot's start as staff read it: always Malaysia time, whatever the browser's zone. */
function slotLabel(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'ms' ? 'ms-MY' : 'en-MY', {
    timeZone: 'Asia/Kuala_Lumpur',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

function NoteForm(props: { required: boolean; label: string; onReady: (text: string) => void }) {
  const { t } = useT('admin-decisions');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={3}>
      <TextArea
        label={props.label}
        value={text}
        onChange={setText}
        required={props.required}
        error={error}
      />
      <Box>
        <Button
          onClick={() => {
            if (props.required && !text.trim()) return setError(t('form.required'));
            props.onReady(text.trim());
          }}
        >
          {t('form.continue')}
        </Button>
      </Box>
    </Stack>
  );
}

/** Approving a flagged offer takes an explicit word that its all-in rate was reviewed. */
function ApproveForm(props: { flagged: boolean; onReady: (body: DecisionBody) => void }) {
  const { t } = useT('admin-decisions');
  const [note, setNote] = useState('');
  const [reviewed, setReviewed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={3}>
      <TextArea label={t('form.noteOptional')} value={note} onChange={setNote} />
      {props.flagged ? (
        <Field.Root invalid={Boolean(error)} required>
          <Checkbox.Root
            checked={reviewed}
            onCheckedChange={(details) => setReviewed(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('form.complianceReviewed')}</Checkbox.Label>
          </Checkbox.Root>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
      ) : null}
      <Box>
        <Button
          onClick={() => {
            if (props.flagged && !reviewed) return setError(t('form.complianceRequired'));
            props.onReady({
              decision: 'APPROVE',
              ...(note.trim() ? { note: note.trim() } : {}),
              ...(props.flagged ? { complianceReviewed: true } : {}),
            });
          }}
        >
          {t('form.continue')}
        </Button>
      </Box>
    </Stack>
  );
}

function RejectForm(props: { onReady: (body: DecisionBody) => void }) {
  const { t } = useT('admin-decisions');
  const [reason, setReason] = useState('');
  const [banKind, setBanKind] = useState<'REJECTION' | 'TEMPORARY_BAN'>('REJECTION');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={3}>
      <TextArea
        label={t('form.reason')}
        value={reason}
        onChange={setReason}
        required
        error={error}
      />
      <Select
        label={t('form.banKind')}
        value={banKind}
        onChange={(value) => setBanKind(value as typeof banKind)}
        choices={[
          { value: 'REJECTION', label: t('form.banRejection') },
          { value: 'TEMPORARY_BAN', label: t('form.banTemporary') },
        ]}
      />
      <Box>
        <Button
          onClick={() => {
            if (!reason.trim()) return setError(t('form.required'));
            props.onReady({ decision: 'REJECT', reason: reason.trim(), banKind });
          }}
        >
          {t('form.continue')}
        </Button>
      </Box>
    </Stack>
  );
}

function InterviewForm(props: { slots: string[]; onReady: (body: DecisionBody) => void }) {
  const { t, i18n } = useT('admin-decisions');
  const [slot, setSlot] = useState('');
  const [mode, setMode] = useState<InterviewMode>('VIDEO_CALL');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (props.slots.length === 0) return <Text>{t('form.noSlots')}</Text>;
  return (
    <Stack gap={3}>
      <Select
        label={t('form.slot')}
        value={slot}
        onChange={setSlot}
        placeholder={t('form.choose')}
        required
        error={error}
        helperText={t('form.slotHelp')}
        choices={props.slots.map((start) => ({
          value: start,
          label: slotLabel(start, i18n.language),
        }))}
      />
      <Select
        label={t('form.mode')}
        value={mode}
        onChange={(value) => setMode(value as InterviewMode)}
        choices={MODES.map((one) => ({ value: one, label: t(`modes.${one}`) }))}
      />
      <TextInput
        label={t('form.details')}
        value={details}
        onChange={setDetails}
        maxLength={500}
        helperText={t('form.detailsHelp')}
      />
      <Box>
        <Button
          onClick={() => {
            if (!slot) return setError(t('form.required'));
            props.onReady({
              decision: 'REQUEST_INTERVIEW',
              scheduledAt: slot,
              mode,
              ...(details.trim() ? { details: details.trim() } : {}),
            });
          }}
        >
          {t('form.continue')}
        </Button>
      </Box>
    </Stack>
  );
}

interface ItemDraft {
  target: string;
  reason: string;
}

function ReferbackForm(props: {
  targets: DecisionOptions['referbackTargets'];
  onReady: (body: DecisionBody) => void;
}) {
  const { t } = useT('admin-decisions');
  const [items, setItems] = useState<ItemDraft[]>([{ target: '', reason: '' }]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const choices: Choice[] = [
    ...props.targets.sections.map((section) => ({
      value: `section:${section}`,
      label: t('referback.section', { name: t(`sections.${section}`) }),
    })),
    ...props.targets.documents.map((document) => ({
      value: `document:${document}`,
      label: t('referback.document', { name: t(`documents.${document}`) }),
    })),
  ];
  const change = (index: number, patch: Partial<ItemDraft>) =>
    setItems((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item)));

  function ready() {
    const found: Record<number, string> = {};
    items.forEach((item, index) => {
      if (!item.target || !item.reason.trim()) found[index] = t('referback.incomplete');
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    props.onReady({
      decision: 'REFER_BACK',
      items: items.map((item) => {
        const [kind, target] = item.target.split(':') as ['section' | 'document', string];
        return { kind, target, reason: item.reason.trim() } as ReferbackItem;
      }),
    });
  }

  return (
    <Stack gap={4}>
      {items.map((item, index) => (
        <Stack
          key={index}
          gap={2}
          borderWidth="1px"
          borderRadius="md"
          p={3}
          role="group"
          aria-label={t('referback.item', { number: index + 1 })}
        >
          <Select
            label={t('referback.target')}
            value={item.target}
            onChange={(target) => change(index, { target })}
            placeholder={t('form.choose')}
            choices={choices}
            required
            error={errors[index] ?? null}
          />
          <TextInput
            label={t('referback.reason')}
            value={item.reason}
            onChange={(reason) => change(index, { reason })}
            maxLength={1000}
            required
          />
          {items.length > 1 ? (
            <Box>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setItems((current) => current.filter((_, at) => at !== index))}
              >
                {t('referback.remove', { number: index + 1 })}
              </Button>
            </Box>
          ) : null}
        </Stack>
      ))}
      <HStack gap={2} flexWrap="wrap">
        {items.length < 20 ? (
          <Button
            variant="outline"
            onClick={() => setItems((current) => [...current, { target: '', reason: '' }])}
          >
            {t('referback.add')}
          </Button>
        ) : null}
        <Button onClick={ready}>{t('form.continue')}</Button>
      </HStack>
    </Stack>
  );
}

function OutcomeForm(props: {
  interview: InterviewView;
  onSave: (body: InterviewOutcomeRequest) => Promise<void>;
}) {
  const { t, i18n } = useT('admin-decisions');
  const [outcome, setOutcome] = useState<InterviewOutcome>('ATTENDED');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap={2} data-testid="interview-outcome">
      <Text fontWeight="semibold">
        {t('interview.heading', {
          when: slotLabel(props.interview.scheduledAt, i18n.language),
          mode: t(`modes.${props.interview.mode}`),
        })}
      </Text>
      {props.interview.details ? <Text>{props.interview.details}</Text> : null}
      {props.interview.outcome ? (
        <Text>
          {t('interview.recorded', { outcome: t(`outcomes.${props.interview.outcome}`) })}
        </Text>
      ) : (
        <>
          <Select
            label={t('interview.outcome')}
            value={outcome}
            onChange={(value) => setOutcome(value as InterviewOutcome)}
            choices={OUTCOMES.map((one) => ({ value: one, label: t(`outcomes.${one}`) }))}
          />
          <TextArea label={t('form.noteOptional')} value={note} onChange={setNote} />
          {failure ? (
            <Text role="alert" color="red.600">
              {failure}
            </Text>
          ) : null}
          <Box>
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                setFailure(null);
                try {
                  await props.onSave({ outcome, ...(note.trim() ? { note: note.trim() } : {}) });
                } catch (caught) {
                  setFailure(problemOf(caught).message ?? t('failed'));
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('interview.save')}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}

/** The terms awaiting approval and who approved them so far. */
function OfferCard({ options }: { options: DecisionOptions }) {
  const { t } = useT('admin-decisions');
  const offer = options.offer;
  if (!offer) return null;
  return (
    <Card.Root variant="outline" data-testid="offer-card">
      <Card.Body gap={2}>
        <Heading as="h3" size="sm">
          {t('offer.heading')}
        </Heading>
        <Text>
          {t('offer.terms', {
            amount: formatRinggit(offer.terms.amountSen),
            tenure: offer.terms.tenureMonths,
            rate: bpToPercent(offer.terms.annualRateBp),
            security: t(`form.${offer.terms.security === 'SECURED' ? 'secured' : 'unsecured'}`),
          })}
        </Text>
        <Text>
          {t('offer.levels', {
            done: offer.approvals.length,
            levels: offer.approvalLevels,
            version: offer.settingsVersion,
          })}
        </Text>
        <OfferFigures
          preview={{
            ok: true,
            failures: [],
            needsComplianceReview: offer.complianceReview,
            offer: offer.offer,
            capBp: offer.capBp,
            approvalLevels: offer.approvalLevels,
            settingsVersion: offer.settingsVersion,
          }}
        />
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Why the decisions this file is at are not this person's to take, in their words and without
 * repeats. Decisions that do not apply to the file's status are not mentioned.
 */
export function whyNotDecide(
  options: DecisionOptions,
  t: (key: string, values?: { level: number; next: number }) => string,
): string[] {
  const sentences = new Set<string>();
  for (const one of options.decisions) {
    if (one.allowed || !one.reason || one.reason === 'wrongStatus') continue;
    sentences.add(
      one.reason === 'alreadyApproved' && one.approvedLevel
        ? t('whyNot.alreadyApprovedLevel', {
            level: one.approvedLevel,
            next: one.approvedLevel + 1,
          })
        : t(`whyNot.${one.reason}`),
    );
  }
  return [...sentences];
}

/**
 * The decisions this staff member may take on the file now, each with its form, then a
 * confirmation step before anything is sent. What the server refuses is shown as it says it;
 * a file changed by someone else asks for a reload.
 */
export function DecisionForms(props: DecisionFormsProps) {
  const { options } = props;
  const { t } = useT('admin-decisions');
  const [open, setOpen] = useState<StaffDecision | null>(null);
  const [pending, setPending] = useState<{ body: DecisionBody; preview?: RecommendationPreview }>();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<StaffDecision | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const allowed = options.decisions.filter((one) => one.allowed).map((one) => one.decision);
  const whyNot = whyNotDecide(options, (key, values) => (values ? t(key, values) : t(key)));

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const choose = (decision: StaffDecision) => {
    setOpen(open === decision ? null : decision);
    setPending(undefined);
    setProblem(null);
  };
  const ready = (body: DecisionBody, preview?: RecommendationPreview) =>
    setPending({ body, ...(preview ? { preview } : {}) });

  async function confirm() {
    if (!pending) return;
    setSending(true);
    setProblem(null);
    try {
      await props.submit({ ...pending.body, version: options.version } as DecisionRequest);
      setDone(pending.body.decision);
      setPending(undefined);
      setOpen(null);
    } catch (caught) {
      setProblem(problemOf(caught));
    } finally {
      setSending(false);
    }
  }

  function form(decision: StaffDecision) {
    switch (decision) {
      case 'KIV':
        return (
          <NoteForm required label={t('form.note')} onReady={(note) => ready({ decision, note })} />
        );
      case 'APPROVE':
        return (
          <ApproveForm
            flagged={options.offer?.complianceReview ?? false}
            onReady={(body) => ready(body)}
          />
        );
      case 'REQUEST_PSYCHOMETRIC_TEST':
      case 'REDO_PSYCHOMETRIC_TEST':
        return (
          <NoteForm
            required={false}
            label={t('form.noteOptional')}
            onReady={(note) => ready({ decision, ...(note ? { note } : {}) })}
          />
        );
      case 'RETURN_TO_PENDING':
      case 'CANCEL':
        return (
          <NoteForm
            required
            label={t('form.reason')}
            onReady={(reason) => ready({ decision, reason })}
          />
        );
      case 'REJECT':
        return <RejectForm onReady={(body) => ready(body)} />;
      case 'REQUEST_INTERVIEW':
        return <InterviewForm slots={options.interviewSlots} onReady={(body) => ready(body)} />;
      case 'REFER_BACK':
        return <ReferbackForm targets={options.referbackTargets} onReady={(body) => ready(body)} />;
      case 'RECOMMEND':
        return (
          <RecommendForm
            preview={props.preview}
            onReady={(terms, note, preview) =>
              ready({ decision, ...terms, ...(note.trim() ? { note: note.trim() } : {}) }, preview)
            }
          />
        );
    }
  }

  return (
    <Stack gap={4} data-testid="decision-panel">
      <Heading as="h2" size="md">
        {t('title')}
      </Heading>
      <OfferCard options={options} />
      <Box aria-live="polite" role="status">
        {done ? (
          <Text data-testid="decision-done">{t('done', { decision: t(`decisions.${done}`) })}</Text>
        ) : null}
      </Box>
      {problem?.changed ? (
        <ChangedNotice
          data-testid="file-changed"
          title={t('changed.title')}
          description={t('changed.body')}
          action={
            <Button size="sm" onClick={props.onReload}>
              {t('changed.reload')}
            </Button>
          }
        />
      ) : problem ? (
        <ErrorNotice title={problem.message ?? t('failed')} />
      ) : null}
      {whyNot.length > 0 ? (
        <Stack as="ul" gap={1} ps={5} data-testid="decision-why-not">
          {whyNot.map((sentence) => (
            <li key={sentence}>
              <Text>{sentence}</Text>
            </li>
          ))}
        </Stack>
      ) : null}
      {allowed.length === 0 ? (
        whyNot.length === 0 ? (
          <Text>{t('none')}</Text>
        ) : null
      ) : (
        <HStack gap={2} flexWrap="wrap" role="group" aria-label={t('choose')}>
          {allowed.map((decision) => (
            <Button
              key={decision}
              variant={open === decision ? 'solid' : 'outline'}
              aria-expanded={open === decision}
              aria-controls={`decision-form-${decision}`}
              colorPalette={decision === 'REJECT' || decision === 'CANCEL' ? 'red' : undefined}
              onClick={() => choose(decision)}
            >
              {t(`decisions.${decision}`)}
            </Button>
          ))}
        </HStack>
      )}
      {open ? (
        <Box
          id={`decision-form-${open}`}
          borderWidth="1px"
          borderRadius="md"
          p={{ base: 3, md: 4 }}
        >
          <Heading as="h3" size="sm" mb={3}>
            {t(`decisions.${open}`)}
          </Heading>
          {pending ? (
            <Stack
              gap={3}
              ref={confirmRef}
              tabIndex={-1}
              data-testid="decision-confirm"
              aria-label={t('confirm.title')}
            >
              <Text fontWeight="semibold">
                {t('confirm.question', { decision: t(`decisions.${open}`) })}
              </Text>
              {pending.preview ? <OfferFigures preview={pending.preview} /> : null}
              <HStack gap={2} flexWrap="wrap">
                <Button onClick={() => void confirm()} loading={sending}>
                  {t('confirm.yes')}
                </Button>
                <Button variant="outline" onClick={() => setPending(undefined)}>
                  {t('confirm.back')}
                </Button>
              </HStack>
            </Stack>
          ) : (
            form(open)
          )}
        </Box>
      ) : null}
      {options.interviews.length > 0 ? (
        <Stack gap={3}>
          <Heading as="h3" size="sm">
            {t('interview.title')}
          </Heading>
          {options.interviews.map((interview) => (
            <OutcomeForm
              key={interview.id}
              interview={interview}
              onSave={(body) => props.recordOutcome(interview.id, body)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
