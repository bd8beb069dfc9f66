import {
  MASTER_ENTITY_IDS,
  MASTER_LIST_MAX_BYTES,
  MASTER_TEMPLATE_ENTITY_IDS,
  MASTER_TEMPLATE_MAX_BYTES,
  MASTER_VIDEO_MAX_BYTES,
  type MasterEntityId,
  type MasterEntityView,
  type MasterFileProblem,
  type MasterFileVersion,
  TEMPLATE_PLACEHOLDERS,
} from '@lending/contracts';
import {
  errorMessage,
  momentText,
  registerTranslations,
  saveFile,
  useLanguage,
  useT,
} from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  ChangedNotice,
  ErrorNotice,
  Heading,
  LoadStatus,
  PageFrame,
  Portal,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { Dialog } from '@lending/ui/overlays';
import { useId, useRef, useState } from 'react';

import en from '../locales/en/admin-master-setup.json';
import ms from '../locales/ms/admin-master-setup.json';
import { masterSetupApi, refusalOf } from './master-setup-api';

registerTranslations('admin-master-setup', { en, ms });
const NS = 'admin-master-setup';

const ACCEPT: Record<MasterEntityId, string> = {
  ATTESTATION_VIDEO_EN: 'video/mp4,.mp4',
  ATTESTATION_VIDEO_MS: 'video/mp4,.mp4',
  PUBLIC_HOLIDAYS: '.csv,.ics,text/csv,text/calendar',
  BANK_LIST: '.csv,text/csv',
  PDP_NOTICE_TEMPLATE: '.txt,text/plain',
  LOAN_TERMS_TEMPLATE: '.txt,text/plain',
};

const isVideo = (entityId: MasterEntityId) => entityId.startsWith('ATTESTATION_VIDEO_');
const isTemplate = (entityId: MasterEntityId) =>
  (MASTER_TEMPLATE_ENTITY_IDS as readonly string[]).includes(entityId);
const maxBytes = (entityId: MasterEntityId) =>
  isVideo(entityId)
    ? MASTER_VIDEO_MAX_BYTES
    : isTemplate(entityId)
      ? MASTER_TEMPLATE_MAX_BYTES
      : MASTER_LIST_MAX_BYTES;

/** The template placeholders as staff type them, for the texts that list them. */
const placeholders = TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.round(bytes / 1024)} KB`;

function useDateTime() {
  const language = useLanguage();
  return (iso: string | null) => (iso ? momentText(iso, language) : '—');
}

/** What is wrong with a refused file, line by line, in the reader's language. */
export function FileProblems({ problems, id }: { problems: MasterFileProblem[]; id?: string }) {
  const { t } = useT(NS);
  return (
    <Box role="alert" id={id} borderWidth="1px" borderColor="red.300" borderRadius="md" p={3}>
      <Text fontWeight="semibold" color="red.700">
        {t('problems.title', { count: problems.length })}
      </Text>
      <Stack as="ul" gap={1} mt={2} ps={5} data-testid="file-problems">
        {problems.map((problem, index) => (
          <li key={`${problem.line}-${index}`}>
            <Text as="span" fontWeight="semibold">
              {problem.line > 0 ? t('problems.line', { line: problem.line }) : t('problems.file')}
            </Text>{' '}
            {t(`problems.codes.${problem.problem}`, { placeholders })}
            {problem.text ? (
              <Text
                as="span"
                fontFamily="mono"
                fontSize="sm"
                color="gray.700"
                wordBreak="break-all"
              >
                {' '}
                ({problem.text})
              </Text>
            ) : null}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** What a version holds, in a few words. */
function contentSummary(version: MasterFileVersion, t: ReturnType<typeof useT>['t']): string {
  if (version.durationMs !== null) {
    return t('versions.duration', {
      seconds: Math.round(version.durationMs / 1000),
      mb: (version.sizeBytes / (1024 * 1024)).toFixed(1),
    });
  }
  return t(`versions.items.${version.entityId}`, { count: version.itemCount ?? 0 });
}

/** Sends a new version, with its progress and, when refused, every bad line. */
function UploadForm({
  entityId,
  onUploaded,
}: {
  entityId: MasterEntityId;
  onUploaded: () => void;
}) {
  const { t } = useT(NS);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const problemId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [problems, setProblems] = useState<MasterFileProblem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);

  async function submit() {
    setProblem(null);
    setProblems(null);
    setFailure(null);
    setDone(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setProblem(t('upload.fileRequired'));
      return;
    }
    if (file.size > maxBytes(entityId)) {
      setProblem(t('upload.fileTooLarge', { size: sizeText(maxBytes(entityId)) }));
      return;
    }
    setProgress(0);
    try {
      const version = await masterSetupApi.upload(entityId, file, setProgress);
      setDone(version.version);
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.problems) setProblems(refusal.problems);
      else setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  const describedBy = [problem ? problemId : null, `${inputId}-hint`].filter(Boolean).join(' ');
  return (
    <form
      noValidate
      aria-label={t('upload.title', { entity: t(`entities.${entityId}.name`) })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={2}>
        <label htmlFor={inputId}>{t('upload.file')}</label>
        <Text id={`${inputId}-hint`} fontSize="sm" color="gray.700">
          {t(`entities.${entityId}.format`, { placeholders })}
        </Text>
        <input
          id={inputId}
          ref={input}
          type="file"
          name="file"
          accept={ACCEPT[entityId]}
          aria-invalid={problem !== null}
          aria-describedby={describedBy}
          style={{ maxWidth: '100%' }}
        />
        {problem ? (
          <Text id={problemId} role="alert" color="red.700" fontSize="sm">
            {problem}
          </Text>
        ) : null}
        {progress !== null ? (
          <Stack gap={1}>
            <progress
              value={Math.round(progress * 100)}
              max={100}
              aria-label={t('upload.progress')}
              style={{ width: '100%' }}
            />
            <Text fontSize="sm" aria-live="polite">
              {t('upload.sent', { percent: Math.round(progress * 100) })}
            </Text>
          </Stack>
        ) : null}
        {problems ? <FileProblems problems={problems} /> : null}
        {failure ? <ErrorNotice title={t('upload.failed')} description={failure} /> : null}
        {done !== null ? <SuccessNotice title={t('upload.done', { version: done })} /> : null}
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={progress !== null}
          loadingText={t('upload.busy')}
        >
          {t('upload.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Activation changes the product at once, so it is asked for twice: the button, then the
 *  dialog that says what will change. */
function ActivateVersion({
  view,
  version,
  onActivated,
}: {
  view: MasterEntityView;
  version: MasterFileVersion;
  onActivated: (view: MasterEntityView) => void;
}) {
  const { t } = useT(NS);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const entity = t(`entities.${view.entityId}.name`);

  const close = () => {
    setOpen(false);
    setFailure(null);
    setChanged(false);
  };

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      const activated = await masterSetupApi.activate(version.id, view.active?.id ?? null);
      close();
      onActivated(activated);
    } catch (error) {
      if (refusalOf(error).changed) setChanged(true);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('versions.activateNamed', { version: version.version, entity })}
      >
        {t('versions.activate')}
      </Button>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => (details.open ? setOpen(true) : close())}
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx={4}>
              <Dialog.Header>
                <Dialog.Title>
                  {t('confirm.title', { version: version.version, entity })}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text>{t(`entities.${view.entityId}.effect`)}</Text>
                  <Text fontSize="sm" color="gray.700">
                    {t('confirm.audit')}
                  </Text>
                  {changed ? <ChangedNotice title={t('confirm.changed')} /> : null}
                  {failure ? (
                    <ErrorNotice title={t('confirm.failed')} description={failure} />
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t('confirm.cancel')}
                </Button>
                <Button
                  loading={busy}
                  onClick={() => void confirm()}
                  data-testid="confirm-activate"
                >
                  {t('confirm.activate')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

/** One entity: the version in use, its history, an upload and each version's actions. */
export function EntityDetails({
  view,
  onChanged,
}: {
  view: MasterEntityView;
  onChanged: (view?: MasterEntityView) => void;
}) {
  const { t } = useT(NS);
  const at = useDateTime();
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const entity = t(`entities.${view.entityId}.name`);

  async function download(version: MasterFileVersion) {
    setDownloadFailure(null);
    try {
      saveFile(await masterSetupApi.download(version.id), version.originalFileName);
    } catch (error) {
      setDownloadFailure(errorMessage(error));
    }
  }

  return (
    <Stack gap={4}>
      <Text>{t(`entities.${view.entityId}.about`)}</Text>
      <Box data-testid={`active-${view.entityId}`}>
        {view.active ? (
          <Text>
            {view.active.activatedBy
              ? t('active.version', {
                  version: view.active.version,
                  fileName: view.active.originalFileName,
                  by: view.active.activatedBy,
                  at: at(view.active.activatedAt),
                })
              : t('active.versionShipped', {
                  version: view.active.version,
                  fileName: view.active.originalFileName,
                  at: at(view.active.activatedAt),
                })}
          </Text>
        ) : (
          <Text>{t('active.none')}</Text>
        )}
        {view.active && !view.inEffect ? (
          <Text color="orange.700" mt={1} role="note">
            {t('active.notInEffect')}
          </Text>
        ) : null}
      </Box>
      <UploadForm entityId={view.entityId} onUploaded={() => onChanged()} />
      <Heading as="h3" size="sm">
        {t('versions.title')}
      </Heading>
      {downloadFailure ? (
        <ErrorNotice title={t('versions.downloadFailed')} description={downloadFailure} />
      ) : null}
      {view.versions.length === 0 ? (
        <Text>{t('versions.none')}</Text>
      ) : (
        <Stack
          as="ul"
          gap={3}
          listStyleType="none"
          ps={0}
          aria-label={t('versions.listOf', { entity })}
        >
          {view.versions.map((version) => {
            const isActive = view.active?.id === version.id;
            return (
              <Box
                as="li"
                key={version.id}
                borderTopWidth="1px"
                pt={2}
                data-testid={`version-${version.version}`}
              >
                <Stack direction="row" gap={2} align="center" flexWrap="wrap">
                  <Text fontWeight="semibold">
                    {t('versions.version', { version: version.version })}
                  </Text>
                  {isActive ? <Badge colorPalette="green">{t('versions.active')}</Badge> : null}
                </Stack>
                <Text wordBreak="break-all">{version.originalFileName}</Text>
                <Text fontSize="sm" color="gray.700">
                  {contentSummary(version, t)}
                </Text>
                <Text fontSize="sm" color="gray.700">
                  {version.uploadedBy
                    ? t('versions.uploaded', { by: version.uploadedBy, at: at(version.uploadedAt) })
                    : t('versions.shipped', { at: at(version.uploadedAt) })}
                </Text>
                {version.activatedAt && version.activatedBy ? (
                  <Text fontSize="sm" color="gray.700">
                    {t('versions.activated', {
                      by: version.activatedBy,
                      at: at(version.activatedAt),
                    })}
                  </Text>
                ) : null}
                <Stack direction="row" gap={2} mt={2} flexWrap="wrap">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void download(version)}
                    aria-label={t('versions.downloadNamed', { version: version.version, entity })}
                  >
                    {t('versions.download')}
                  </Button>
                  {!isActive || !view.inEffect ? (
                    <ActivateVersion view={view} version={version} onActivated={onChanged} />
                  ) : null}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

function EntitySection({ entityId }: { entityId: MasterEntityId }) {
  const { t } = useT(NS);
  const headingId = useId();
  const [activated, setActivated] = useState<number | null>(null);
  const query = useServerQuery({
    queryKey: ['admin', 'master-setup', entityId],
    queryFn: () => masterSetupApi.entity(entityId),
  });
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="md"
      p={{ base: 3, md: 5 }}
      data-testid={`entity-${entityId}`}
    >
      <Heading as="h2" size="md" id={headingId} mb={3}>
        {t(`entities.${entityId}.name`)}
      </Heading>
      <LoadStatus
        {...loadStatusOf(query)}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
      />
      {activated !== null ? (
        <Box mb={3}>
          <SuccessNotice title={t('confirm.done', { version: activated })} />
        </Box>
      ) : null}
      {query.data ? (
        <EntityDetails
          view={query.data}
          onChanged={(view) => {
            setActivated(view?.active?.version ?? null);
            void query.refetch();
          }}
        />
      ) : null}
    </Box>
  );
}

/** `/admin/master-setup`: the files that configure the product, in versions an admin activates. */
export function MasterSetupPage() {
  const { t } = useT(NS);
  return (
    <PageFrame title={t('mf-admin:screens.masterSetup.title')}>
      <Stack gap={6}>
        <Text>{t('intro')}</Text>
        <Text fontSize="sm" color="gray.700">
          {t('scheduleNote')}
        </Text>
        {MASTER_ENTITY_IDS.map((entityId) => (
          <EntitySection key={entityId} entityId={entityId} />
        ))}
      </Stack>
    </PageFrame>
  );
}
