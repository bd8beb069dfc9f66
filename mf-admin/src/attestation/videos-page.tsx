import type { AttestationLanguage } from '@lending/contracts';
import { errorMessage, registerTranslations, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Box,
  Button,
  ErrorNotice,
  Heading,
  LoadStatus,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { useState } from 'react';

import en from '../locales/en/admin-attestation.json';
import ms from '../locales/ms/admin-attestation.json';
import { attestationAdminApi } from './attestation-api';
import { AttestationNav } from './attestation-nav';

registerTranslations('admin-attestation', { en, ms });

/** `/admin/videos`: the attestation video of each language, and its replacement by an admin. */
export function AttestationVideosPage() {
  const { t } = useT('admin-attestation');
  const videos = useServerQuery({
    queryKey: ['admin', 'attestation', 'videos'],
    queryFn: attestationAdminApi.videos,
  });
  const [files, setFiles] = useState<Partial<Record<AttestationLanguage, File>>>({});
  const [busy, setBusy] = useState<AttestationLanguage | null>(null);
  const [done, setDone] = useState<AttestationLanguage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function replace(language: AttestationLanguage) {
    const file = files[language];
    if (!file) {
      setProblem(t('videos.chooseFile'));
      return;
    }
    setBusy(language);
    setProblem(null);
    setDone(null);
    try {
      await attestationAdminApi.replaceVideo(language, file);
      setDone(language);
      await videos.refetch();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <PageFrame title={t('mf-admin:screens.videos.title')}>
      <Stack gap={5}>
        <AttestationNav />
        <Text>{t('videos.intro')}</Text>
        <LoadStatus
          {...loadStatusOf(videos)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
        {problem ? <ErrorNotice title={t('videos.failed')} description={problem} /> : null}
        {done ? (
          <SuccessNotice title={t('videos.replaced', { language: t(`languages.${done}`) })} />
        ) : null}
        {videos.data?.map((video) => (
          <Box
            key={video.language}
            borderWidth="1px"
            borderRadius="md"
            p={4}
            data-testid={`video-${video.language}`}
          >
            <Heading as="h2" size="md">
              {t(`languages.${video.language}`)}
            </Heading>
            <Text>
              {video.replaced ? t('videos.uploaded') : t('videos.shipped')} ·{' '}
              {t('videos.length', { seconds: Math.round(video.durationMs / 1000) })} ·{' '}
              {t('videos.size', { kb: Math.round(video.sizeBytes / 1024) })}
            </Text>
            <Stack gap={2} mt={3}>
              <label htmlFor={`file-${video.language}`}>{t('videos.file')}</label>
              <input
                id={`file-${video.language}`}
                type="file"
                accept="video/mp4"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  setFiles((current) => ({ ...current, [video.language]: file }));
                }}
              />
              <Button
                alignSelf="flex-start"
                loading={busy === video.language}
                onClick={() => void replace(video.language)}
              >
                {t('videos.replace')}
              </Button>
            </Stack>
          </Box>
        ))}
      </Stack>
    </PageFrame>
  );
}
