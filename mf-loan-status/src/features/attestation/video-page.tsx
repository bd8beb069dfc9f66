import { ATTESTATION_PATHS, type ExplainBackAnswer } from '@lending/contracts';
import { useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Box, Button, ErrorNotice, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { attestationApi, videoSource } from './attestation-api';
import { attestationFailure } from './attestation-failure';
import { AttestationLoad } from './attestation-load';
import { AttestationProgress } from './attestation-progress';
import { ExplainBackForm } from './explain-back-form';
import { useAttestation, useKeepAttestation } from './use-attestation';

/** The recorded attestation video, then the explain-back check once the server saw it watched. */
export function AttestationVideoPage() {
  const { t } = useT('mf-loan-status');
  const language = useLanguage();
  const query = useAttestation();
  const keep = useKeepAttestation();
  const viewing = useRef<Promise<{ viewingId: string }> | null>(null);
  const [videoFailure, setVideoFailure] = useState<string | null>(null);
  const [checkFailure, setCheckFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const view = query.data;

  function started() {
    if (!view || viewing.current) return;
    viewing.current = attestationApi.videoStarted(view.agreementId);
    viewing.current.catch((error: unknown) => {
      viewing.current = null;
      setVideoFailure(attestationFailure(error, t));
    });
  }

  async function ended() {
    if (!view || !viewing.current) return;
    try {
      const { viewingId } = await viewing.current;
      keep(await attestationApi.videoEnded(view.agreementId, viewingId));
      setVideoFailure(null);
    } catch (error) {
      // Skipped ahead: the next play starts a new viewing, timed from its start.
      viewing.current = null;
      setVideoFailure(attestationFailure(error, t));
    }
  }

  async function check(answers: ExplainBackAnswer[]) {
    if (!view) return;
    setBusy(true);
    setCheckFailure(null);
    try {
      keep(await attestationApi.check(view.agreementId, answers));
    } catch (error) {
      setCheckFailure(attestationFailure(error, t));
    } finally {
      setBusy(false);
    }
  }

  const watching = view?.status === 'ATTESTATIONOPTION' && view.option === 'VIDEO';
  // The player streams by a link made for the video; one that has ended (a long pause) is
  // replaced and the video goes on where it was.
  const link = useServerQuery({
    queryKey: ['attestation', 'video-link', view?.language ?? ''],
    queryFn: () => videoSource(view!.language),
    enabled: watching,
    staleTime: 20 * 60 * 1000,
  });
  const player = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef<number | null>(null);
  const renewedAt = useRef(0);
  const renewLink = () => {
    // A video that fails for another reason is not asked for again and again.
    if (link.isFetching || Date.now() - renewedAt.current < 60_000) return;
    renewedAt.current = Date.now();
    resumeAt.current = player.current?.currentTime ?? null;
    void link.refetch();
  };
  const resume = () => {
    if (player.current && resumeAt.current) player.current.currentTime = resumeAt.current;
    resumeAt.current = null;
  };
  return (
    <PageFrame title={t('screens.attestationVideo.title')}>
      <Stack gap={5} maxW="3xl">
        <AttestationLoad query={query} withHome />
        {view && !watching && view.status !== 'ATTESTATIONOPTION' ? (
          <AttestationProgress view={view} />
        ) : null}
        {view && view.status === 'ATTESTATIONOPTION' && view.option !== 'VIDEO' ? (
          <Text>{t('attestation.video.chooseFirst')}</Text>
        ) : null}
        {view && watching ? (
          <>
            <Text>{t('attestation.video.intro')}</Text>
            <LoadStatus
              {...loadStatusOf(link)}
              loadingLabel={t('attestation.loading')}
              errorTitle={t('attestation.video.linkFailed')}
            />
            <Box asChild width="100%" borderRadius="md" bg="black">
              <video
                ref={player}
                data-testid="attestation-video"
                controls
                preload="metadata"
                aria-label={t('attestation.video.label')}
                {...(link.data ? { src: link.data } : {})}
                onPlay={started}
                onEnded={() => void ended()}
                onError={renewLink}
                onLoadedMetadata={resume}
              >
                <track
                  kind="captions"
                  src={ATTESTATION_PATHS.captions('EN')}
                  srcLang="en"
                  label="English"
                  default={language === 'EN'}
                />
                <track
                  kind="captions"
                  src={ATTESTATION_PATHS.captions('MS')}
                  srcLang="ms"
                  label="Bahasa Melayu"
                  default={language === 'MS'}
                />
              </video>
            </Box>
            {videoFailure ? (
              <ErrorNotice title={t('attestation.video.notWatched')} description={videoFailure} />
            ) : null}
            {view.questions ? (
              <ExplainBackForm
                questions={view.questions}
                busy={busy}
                failure={checkFailure}
                onSubmit={(answers) => void check(answers)}
              />
            ) : (
              <Text data-testid="watch-first">{t('attestation.video.watchFirst')}</Text>
            )}
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
