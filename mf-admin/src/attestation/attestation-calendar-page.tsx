import { malaysiaDate } from '@lending/domain';
import { registerTranslations, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  ErrorNotice,
  Field,
  HStack,
  Input,
  Link,
  LoadStatus,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { useState } from 'react';

import { Select, TextArea } from '../decisions/controls';
import en from '../locales/en/admin-attestation.json';
import ms from '../locales/ms/admin-attestation.json';
import { settingsApi } from '../settings/settings-api';
import { attestationAdminApi, type CalendarSlot, slotStarts } from './attestation-api';
import { attestationFailure } from './attestation-failure';
import { AttestationNav } from './attestation-nav';

registerTranslations('admin-attestation', { en, ms });

const LOCALES = { EN: 'en-MY', MS: 'ms-MY' } as const;
type Outcome = 'ATTESTED' | 'NOT_ATTESTED' | 'NO_SHOW';

function malaysiaToday(): string {
  return malaysiaDate(new Date());
}

/** The officer records what came of a call, with notes. */
export function OutcomeForm({ bookingId, onDone }: { bookingId: string; onDone: () => void }) {
  const { t } = useT('admin-attestation');
  const [outcome, setOutcome] = useState<string>('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!outcome || !notes.trim()) {
      setProblem(t('outcome.required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await attestationAdminApi.outcome(bookingId, {
        outcome: outcome as Outcome,
        notes: notes.trim(),
      });
      onDone();
    } catch (error) {
      setProblem(attestationFailure(error, t));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap={3} data-testid={`outcome-${bookingId}`}>
      <Select
        label={t('outcome.label')}
        value={outcome}
        onChange={setOutcome}
        placeholder={t('outcome.choose')}
        choices={(['ATTESTED', 'NOT_ATTESTED', 'NO_SHOW'] as const).map((value) => ({
          value,
          label: t(`bookingStatuses.${value}`),
        }))}
      />
      <TextArea label={t('outcome.notes')} value={notes} onChange={setNotes} maxLength={2000} />
      {problem ? <ErrorNotice title={problem} /> : null}
      <Button alignSelf="flex-start" loading={busy} onClick={() => void submit()}>
        {t('outcome.save')}
      </Button>
    </Stack>
  );
}

/** `/admin/attestation/calendar`: officers open office-hours slots, see bookings, join calls and
 *  record their outcomes. */
export function AttestationCalendarPage() {
  const { t } = useT('admin-attestation');
  const language = useLanguage();
  const [from, setFrom] = useState(malaysiaToday());
  const [openDate, setOpenDate] = useState(malaysiaToday());
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settings = useServerQuery({
    queryKey: ['admin', 'settings'],
    queryFn: settingsApi.current,
  });
  const calendar = useServerQuery({
    queryKey: ['admin', 'attestation', 'calendar', from],
    queryFn: () => attestationAdminApi.calendar(from, 7),
  });
  const hours = settings.data?.settings.officeHours;
  const time = (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[language], {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Asia/Kuala_Lumpur',
    }).format(new Date(iso));

  async function openDay() {
    if (!hours) return;
    setBusy(true);
    setNotice(null);
    setProblem(null);
    try {
      const starts = slotStarts(openDate, hours, new Date());
      if (starts.length === 0) {
        setProblem(t('calendar.nothingToOpen'));
        return;
      }
      const { opened } = await attestationAdminApi.openSlots(starts);
      setNotice(t('calendar.opened', { count: opened }));
      await calendar.refetch();
    } catch (error) {
      setProblem(attestationFailure(error, t));
    } finally {
      setBusy(false);
    }
  }

  async function remove(slot: CalendarSlot) {
    setProblem(null);
    try {
      await attestationAdminApi.removeSlot(slot.id);
      await calendar.refetch();
    } catch (error) {
      setProblem(attestationFailure(error, t));
    }
  }

  return (
    <PageFrame title={t('mf-admin:screens.attestationCalendar.title')}>
      <Stack gap={5}>
        <AttestationNav />
        <Text>{t('calendar.intro')}</Text>
        <HStack gap={3} alignItems="flex-end" flexWrap="wrap">
          <Field.Root maxW="xs">
            <Field.Label>{t('calendar.openDate')}</Field.Label>
            <Input
              type="date"
              value={openDate}
              onChange={(event) => setOpenDate(event.target.value)}
            />
          </Field.Root>
          <Button
            loading={busy}
            disabled={!hours}
            onClick={() => void openDay()}
            data-testid="open-day"
          >
            {t(
              'calendar.openDay',
              hours ? { from: hours.opensAt, to: hours.closesAt } : { from: '', to: '' },
            )}
          </Button>
        </HStack>
        {notice ? <SuccessNotice title={notice} /> : null}
        {problem ? <ErrorNotice title={t('calendar.failed')} description={problem} /> : null}
        <Field.Root maxW="xs">
          <Field.Label>{t('calendar.weekFrom')}</Field.Label>
          <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </Field.Root>
        <LoadStatus
          {...loadStatusOf(calendar)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
        {calendar.data && calendar.data.length === 0 ? <Text>{t('calendar.empty')}</Text> : null}
        <Stack as="ul" gap={3} listStyleType="none" ps={0} data-testid="calendar">
          {calendar.data?.map((slot) => (
            <Box as="li" key={slot.id} borderWidth="1px" borderRadius="md" p={3}>
              <HStack justify="space-between" flexWrap="wrap">
                <Text fontWeight="semibold">
                  {time(slot.startsAt)} · {slot.officerName}
                </Text>
                {slot.booking ? (
                  <Badge>{t(`bookingStatuses.${slot.booking.status}`)}</Badge>
                ) : (
                  <Badge variant="outline">{t('calendar.free')}</Badge>
                )}
              </HStack>
              {slot.booking ? (
                <Stack gap={2} mt={2}>
                  <Text>
                    {slot.booking.agreementNo} · {slot.booking.applicantName}
                  </Text>
                  {slot.booking.status === 'BOOKED' ? (
                    <>
                      <Link href={slot.booking.meetingUrl} target="_blank" rel="noopener">
                        {t('calendar.join')}
                      </Link>
                      {/* The API lets only the call's officer (or an admin) record it. */}
                      <OutcomeForm
                        bookingId={slot.booking.id}
                        onDone={() => void calendar.refetch()}
                      />
                    </>
                  ) : slot.booking.outcomeNotes ? (
                    <Text fontSize="sm">{slot.booking.outcomeNotes}</Text>
                  ) : null}
                </Stack>
              ) : (
                <Button size="sm" variant="outline" mt={2} onClick={() => void remove(slot)}>
                  {t('calendar.remove')}
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      </Stack>
    </PageFrame>
  );
}
