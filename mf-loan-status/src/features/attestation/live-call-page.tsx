import { useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Box,
  Button,
  ErrorNotice,
  Link,
  LoadStatus,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDateTime } from '../../lib/format';
import { attestationApi } from './attestation-api';
import { attestationFailure } from './attestation-failure';
import { AttestationLoad } from './attestation-load';
import { AttestationProgress } from './attestation-progress';
import { SlotPicker } from './slot-picker';
import { useAttestation, useKeepAttestation } from './use-attestation';

/** Book, reschedule or cancel a live attestation call, and join it when the time comes. */
export function AttestationLiveCallPage() {
  const { t } = useT('mf-loan-status');
  const language = useLanguage();
  const query = useAttestation();
  const keep = useKeepAttestation();
  const view = query.data;
  const booking = view?.booking?.status === 'BOOKED' ? view.booking : null;
  const canBook =
    view !== undefined &&
    ((view.status === 'ATTESTATIONOPTION' && view.option === 'LIVE_CALL') ||
      view.status === 'REQUESTED_FOR_LIVE_ATTESTATION');
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const slots = useServerQuery({
    queryKey: ['attestation-slots', view?.agreementId ?? ''],
    queryFn: () => attestationApi.slots(view!.agreementId),
    enabled: canBook && (!booking || moving),
  });

  async function act(work: () => Promise<Parameters<typeof keep>[0]>) {
    setBusy(true);
    setFailure(null);
    try {
      keep(await work());
      setMoving(false);
      await slots.refetch();
    } catch (error) {
      setFailure(attestationFailure(error, t));
      await slots.refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame title={t('screens.attestationLiveCall.title')}>
      <Stack gap={5} maxW="3xl">
        <AttestationLoad query={query} withHome />
        {view && !canBook ? (
          view.status === 'ATTESTATIONOPTION' ? (
            <Text>{t('attestation.call.chooseFirst')}</Text>
          ) : (
            <AttestationProgress view={view} />
          )
        ) : null}
        {failure ? (
          <ErrorNotice title={t('attestation.call.failed')} description={failure} />
        ) : null}
        {view && canBook && booking ? (
          <Box data-testid="booked-call" borderWidth="1px" borderRadius="md" p={4}>
            <SuccessNotice
              title={t('attestation.call.booked')}
              description={`${formatDateTime(booking.startsAt, language)} (${t('interview.timeZone')})`}
            />
            <Stack gap={3} mt={4}>
              <Text>{t('attestation.call.join')}</Text>
              <Link
                href={booking.meetingUrl}
                target="_blank"
                rel="noopener"
                data-testid="meeting-link"
              >
                {t('attestation.call.joinLink')}
              </Link>
              <Text fontSize="sm">{t('attestation.call.reminder')}</Text>
              <Box display="flex" gap={3} flexWrap="wrap">
                <Button
                  variant="outline"
                  onClick={() => setMoving((value) => !value)}
                  disabled={busy}
                >
                  {moving ? t('attestation.call.keep') : t('attestation.call.reschedule')}
                </Button>
                <Button
                  variant="outline"
                  colorPalette="red"
                  loading={busy && !moving}
                  onClick={() => void act(() => attestationApi.cancel(view.agreementId))}
                >
                  {t('attestation.call.cancel')}
                </Button>
              </Box>
            </Stack>
          </Box>
        ) : null}
        {view && canBook && (!booking || moving) ? (
          <>
            {!booking ? <Text>{t('attestation.call.intro')}</Text> : null}
            <LoadStatus
              {...loadStatusOf(slots)}
              loadingLabel={t('attestation.call.loadingSlots')}
              errorTitle={t('attestation.call.slotsFailed')}
            />
            {slots.data ? (
              <SlotPicker
                slots={slots.data}
                language={language}
                busy={busy}
                submitLabel={booking ? t('attestation.call.move') : t('attestation.call.book')}
                onPick={(slotId) =>
                  void act(() => attestationApi.book(view.agreementId, slotId, Boolean(booking)))
                }
              />
            ) : null}
          </>
        ) : null}
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/loan-status/attestation-option">
            {t('attestation.backToOptions')}
          </RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}
