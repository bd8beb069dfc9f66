import type { AttestationReviewRow } from '@lending/contracts';
import { registerTranslations, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  ErrorNotice,
  Heading,
  LoadStatus,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
  VisuallyHidden,
} from '@lending/ui';
import { useState } from 'react';

import { useRefusalText } from '../app/action-refusal';
import en from '../locales/en/admin-attestation.json';
import ms from '../locales/ms/admin-attestation.json';
import { attestationAdminApi, type AttestationEvidence } from './attestation-api';
import { attestationFailure } from './attestation-failure';
import { AttestationNav } from './attestation-nav';

registerTranslations('admin-attestation', { en, ms });

const LOCALES = { EN: 'en-MY', MS: 'ms-MY' } as const;

function useDateTime() {
  const language = useLanguage();
  return (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(LOCALES[language], {
          dateStyle: 'medium',
          timeStyle: 'medium',
          timeZone: 'Asia/Kuala_Lumpur',
        }).format(new Date(iso))
      : '—';
}

/** The evidence of one attestation and the action it waits for. */
export function EvidencePanel({
  evidence,
  onDone,
}: {
  evidence: AttestationEvidence;
  onDone: (next: AttestationEvidence) => void;
}) {
  const { t } = useT('admin-attestation');
  const at = useDateTime();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const action = evidence.actions.complete.allowed
    ? 'complete'
    : evidence.actions.approve.allowed
      ? 'approve'
      : null;
  const whyNot = useRefusalText('admin-attestation')('whyNot.approve', evidence.actions.approve, [
    'nothingToDecide',
  ]);

  async function act() {
    if (!action) return;
    setBusy(true);
    setFailure(null);
    try {
      onDone(await attestationAdminApi[action](evidence.agreementId, evidence.version));
    } catch (error) {
      setFailure(attestationFailure(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4} data-testid="evidence" borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h2" size="md">
        {evidence.agreementNo} · {evidence.applicantName}
      </Heading>
      <Text>
        {t('status')}:{' '}
        <Badge>{t(`statuses.${evidence.status}`, { defaultValue: evidence.status })}</Badge> ·{' '}
        {t('option')}: {evidence.option ? t(`options.${evidence.option}`) : '—'}
      </Text>
      {evidence.viewings.length > 0 ? (
        <Box>
          <Heading as="h3" size="sm">
            {t('viewings')}
          </Heading>
          <Stack as="ul" gap={1} ps={4}>
            {evidence.viewings.map((viewing) => (
              <li key={viewing.id}>
                {t('viewing', {
                  language: viewing.language,
                  started: at(viewing.startedAt),
                  ended: viewing.endedAt ? at(viewing.endedAt) : t('notEnded'),
                  seconds: Math.round(viewing.durationMs / 1000),
                })}
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
      {evidence.checks.length > 0 ? (
        <Box>
          <Heading as="h3" size="sm">
            {t('checks')}
          </Heading>
          <Stack as="ul" gap={2} ps={4}>
            {evidence.checks.map((check) => (
              <li key={check.id}>
                <Text>
                  {check.passed ? t('passed') : t('failed')} · {at(check.submittedAt)}
                </Text>
                <Text fontSize="sm">
                  {check.answers
                    .map((answer) =>
                      t('answer', {
                        question: t(`questions.${answer.questionId}`),
                        seconds: (answer.answeredAfterMs / 1000).toFixed(1),
                      }),
                    )
                    .join(' · ')}
                </Text>
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
      {evidence.calls.length > 0 ? (
        <Box>
          <Heading as="h3" size="sm">
            {t('calls')}
          </Heading>
          <Stack as="ul" gap={1} ps={4}>
            {evidence.calls.map((call) => (
              <li key={call.id}>
                {at(call.startsAt)} · {t(`bookingStatuses.${call.status}`)}
                {call.outcomeNotes ? ` · ${call.outcomeNotes}` : ''}
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
      {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
      {whyNot ? <Text data-testid="approve-why-not">{whyNot}</Text> : null}
      {action ? (
        <Button alignSelf="flex-start" loading={busy} onClick={() => void act()}>
          {t(`actions.${action}`)}
        </Button>
      ) : evidence.status === 'RnRApproved' ? (
        <SuccessNotice title={t('approvedNotice')} />
      ) : null}
    </Stack>
  );
}

/** `/admin/attestation`: agreements whose attestation waits for staff, with their evidence. */
export function AttestationReviewsPage() {
  const { t } = useT('admin-attestation');
  const reviews = useServerQuery({
    queryKey: ['admin', 'attestation', 'reviews'],
    queryFn: attestationAdminApi.reviews,
  });
  const [open, setOpen] = useState<AttestationReviewRow | null>(null);
  const evidence = useServerQuery({
    queryKey: ['admin', 'attestation', 'review', open?.agreementId ?? ''],
    queryFn: () => attestationAdminApi.review(open!.agreementId),
    enabled: open !== null,
  });
  return (
    <PageFrame title={t('mf-admin:screens.attestationReviews.title')}>
      <Stack gap={5}>
        <AttestationNav />
        <Text>{t('reviewIntro')}</Text>
        <LoadStatus
          {...loadStatusOf(reviews)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
        {reviews.data && reviews.data.length === 0 ? (
          <Text data-testid="no-reviews">{t('none')}</Text>
        ) : null}
        {reviews.data && reviews.data.length > 0 ? (
          <Box overflowX="auto">
            <Box as="table" width="100%" data-testid="reviews">
              <thead>
                <tr>
                  <Box as="th" textAlign="start" p={2}>
                    {t('agreement')}
                  </Box>
                  <Box as="th" textAlign="start" p={2}>
                    {t('applicant')}
                  </Box>
                  <Box as="th" textAlign="start" p={2}>
                    {t('option')}
                  </Box>
                  <Box as="th" textAlign="start" p={2}>
                    {t('status')}
                  </Box>
                  <Box as="th" p={2}>
                    <VisuallyHidden>{t('open')}</VisuallyHidden>
                  </Box>
                </tr>
              </thead>
              <tbody>
                {reviews.data.map((row) => (
                  <tr key={row.agreementId}>
                    <Box as="td" p={2}>
                      {row.agreementNo}
                    </Box>
                    <Box as="td" p={2}>
                      {row.applicantName}
                    </Box>
                    <Box as="td" p={2}>
                      {row.option ? t(`options.${row.option}`) : '—'}
                    </Box>
                    <Box as="td" p={2}>
                      {t(`statuses.${row.status}`, { defaultValue: row.status })}
                    </Box>
                    <Box as="td" p={2}>
                      <Button size="sm" variant="outline" onClick={() => setOpen(row)}>
                        {t('review', { agreementNo: row.agreementNo })}
                      </Button>
                    </Box>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        ) : null}
        {open ? (
          <LoadStatus
            {...loadStatusOf(evidence)}
            loadingLabel={t('loading')}
            errorTitle={t('loadFailed')}
          />
        ) : null}
        {open && evidence.data ? (
          <EvidencePanel
            key={`${evidence.data.agreementId}-${evidence.data.version}`}
            evidence={evidence.data}
            onDone={() => {
              void evidence.refetch();
              void reviews.refetch();
            }}
          />
        ) : null}
      </Stack>
    </PageFrame>
  );
}
