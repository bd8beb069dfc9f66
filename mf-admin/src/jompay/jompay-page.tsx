import type {
  JompayImportLineView,
  JompayImportSummary,
  JompayImportView,
} from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import {
  errorMessage,
  momentText,
  registerTranslations,
  saveFile,
  useLanguage,
  useT,
} from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  ErrorNotice,
  Field,
  Heading,
  LoadStatus,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
  Textarea,
  VisuallyHidden,
} from '@lending/ui';
import { type ReactNode, useRef, useState } from 'react';

import en from '../locales/en/admin-jompay.json';
import ms from '../locales/ms/admin-jompay.json';
import { jompayAdminApi, MAX_FILE_BYTES, readCredits } from './jompay-api';

registerTranslations('admin-jompay', { en, ms });
const NS = 'admin-jompay';

function useDateTime() {
  const language = useLanguage();
  return (iso: string | null) => (iso ? momentText(iso, language) : '—');
}

function Th({ children }: { children: ReactNode }) {
  return (
    <Box asChild textAlign="start" py={2} px={2}>
      <th scope="col">{children}</th>
    </Box>
  );
}

function Td({ children }: { children: ReactNode }) {
  return (
    <Box as="td" py={2} px={2} verticalAlign="top">
      {children}
    </Box>
  );
}

const OUTCOME_COLOURS = { APPLIED: 'green', DUPLICATE: 'orange', REJECTED: 'red' } as const;

/** What became of each line of a file: applied with its receipt, or why not. */
export function ImportResult({ result }: { result: JompayImportView }) {
  const { t } = useT(NS);
  if (result.fileError) {
    return (
      <ErrorNotice
        title={t('result.fileRefused', { fileName: result.fileName })}
        description={t(`fileErrors.${result.fileError}`)}
      />
    );
  }
  return (
    <Stack gap={3} data-testid="jompay-result">
      <SuccessNotice
        title={t('result.title', { fileName: result.fileName })}
        description={t('result.counts', {
          lines: result.lineCount,
          applied: result.appliedCount,
          duplicates: result.duplicateCount,
          rejected: result.rejectedCount,
          amount: formatRinggit(result.appliedSen),
        })}
      />
      <Box overflowX="auto">
        <Box as="table" width="100%" fontSize="sm" css={{ borderCollapse: 'collapse' }}>
          <VisuallyHidden as="caption">{t('result.caption')}</VisuallyHidden>
          <thead>
            <tr>
              <Th>{t('result.line')}</Th>
              <Th>{t('result.outcome')}</Th>
              <Th>{t('result.ref1')}</Th>
              <Th>{t('result.agreement')}</Th>
              <Th>{t('result.amount')}</Th>
              <Th>{t('result.transaction')}</Th>
              <Th>{t('result.receipt')}</Th>
            </tr>
          </thead>
          <tbody>
            {result.lines.map((line: JompayImportLineView) => (
              <Box as="tr" key={line.lineNo} borderTopWidth="1px" data-testid="jompay-line">
                <Td>{line.lineNo}</Td>
                <Td>
                  <Badge colorPalette={OUTCOME_COLOURS[line.outcome]}>
                    {t(`outcomes.${line.outcome}`)}
                  </Badge>
                  {line.reason ? (
                    <Text fontSize="xs" color="gray.700" mt={1}>
                      {t(`reasons.${line.reason}`)}
                    </Text>
                  ) : null}
                </Td>
                <Td>{line.ref1 ?? '—'}</Td>
                <Td>{line.agreementNo ?? '—'}</Td>
                <Td>{line.amountSen === null ? '—' : formatRinggit(line.amountSen)}</Td>
                <Td>{line.transactionRef ?? '—'}</Td>
                <Td>{line.receiptNo ?? '—'}</Td>
              </Box>
            ))}
          </tbody>
        </Box>
      </Box>
    </Stack>
  );
}

/** Upload of the bank's biller file. */
function UploadForm({ onImported }: { onImported: (result: JompayImportView) => void }) {
  const { t } = useT(NS);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setProblem(null);
    setFailure(null);
    const file = input.current?.files?.[0];
    if (!file || file.size > MAX_FILE_BYTES) {
      setProblem(t(file ? 'upload.fileTooLarge' : 'upload.fileRequired'));
      return;
    }
    setBusy(true);
    try {
      onImported(await jompayAdminApi.importFile(file.name, await file.text()));
      if (input.current) input.current.value = '';
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('upload.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={3} maxW="lg">
        <Heading as="h2" size="md">
          {t('upload.title')}
        </Heading>
        <Text color="gray.700">{t('upload.hint')}</Text>
        <Stack gap={1}>
          <label htmlFor="jompay-file">{t('upload.file')}</label>
          <input
            id="jompay-file"
            ref={input}
            type="file"
            name="file"
            accept=".txt,.csv,text/plain"
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'jompay-file-problem' : undefined}
          />
          {problem ? (
            <Text id="jompay-file-problem" role="alert" color="red.700" fontSize="sm">
              {problem}
            </Text>
          ) : null}
        </Stack>
        {failure ? <ErrorNotice title={t('upload.failed')} description={failure} /> : null}
        <Button type="submit" alignSelf="flex-start" loading={busy} loadingText={t('upload.busy')}>
          {t('upload.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The sandbox bank's file, made from credits typed in, to try the import end to end. */
function SandboxFileForm() {
  const { t } = useT(NS);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setProblem(null);
    setFailure(null);
    const read = readCredits(text);
    if (!read.ok) {
      setProblem(t('sandbox.badLine', { line: read.line }));
      return;
    }
    setBusy(true);
    try {
      saveFile(await jompayAdminApi.sandboxFile({ credits: read.credits }), 'jompay-sandbox.txt');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('sandbox.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={3} maxW="lg">
        <Heading as="h2" size="md">
          {t('sandbox.title')}
        </Heading>
        <Text color="gray.700">{t('sandbox.hint')}</Text>
        <Field.Root required invalid={problem !== null}>
          <Field.Label>{t('sandbox.credits')}</Field.Label>
          <Textarea
            name="credits"
            rows={4}
            fontFamily="mono"
            value={text}
            placeholder="20260001230 516.67"
            onChange={(event) => setText(event.target.value)}
          />
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        {failure ? <ErrorNotice title={t('sandbox.failed')} description={failure} /> : null}
        <Button type="submit" variant="outline" alignSelf="flex-start" loading={busy}>
          {t('sandbox.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function EarlierImports({
  items,
  onOpen,
}: {
  items: JompayImportSummary[];
  onOpen: (id: string) => void;
}) {
  const { t } = useT(NS);
  const at = useDateTime();
  if (items.length === 0) return <Text>{t('earlier.none')}</Text>;
  return (
    <Stack as="ul" gap={2} listStyleType="none" ps={0} aria-label={t('earlier.title')}>
      {items.map((item) => (
        <Box as="li" key={item.id} borderTopWidth="1px" pt={2}>
          <Text fontWeight="semibold">{item.fileName}</Text>
          <Text fontSize="sm" color="gray.700">
            {item.fileError
              ? t(`fileErrors.${item.fileError}`)
              : t('result.counts', {
                  lines: item.lineCount,
                  applied: item.appliedCount,
                  duplicates: item.duplicateCount,
                  rejected: item.rejectedCount,
                  amount: formatRinggit(item.appliedSen),
                })}
          </Text>
          <Text fontSize="sm" color="gray.700">
            {t('earlier.importedAt', { at: at(item.importedAt) })}
          </Text>
          <Button
            size="sm"
            variant="outline"
            mt={1}
            onClick={() => onOpen(item.id)}
            aria-label={t('earlier.openNamed', { fileName: item.fileName })}
          >
            {t('earlier.open')}
          </Button>
        </Box>
      ))}
    </Stack>
  );
}

/** `/admin/jompay`: import the bank's JomPAY biller file and read what became of each line. */
export function JompayPage() {
  const { t } = useT(NS);
  const list = useServerQuery({
    queryKey: queryKeys.staffJompay.imports(),
    queryFn: () => jompayAdminApi.list(),
  });
  const [result, setResult] = useState<JompayImportView | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [openFailure, setOpenFailure] = useState<string | null>(null);

  async function open(id: string) {
    setOpening(id);
    setOpenFailure(null);
    try {
      setResult(await jompayAdminApi.detail(id));
    } catch (error) {
      setOpenFailure(errorMessage(error));
    } finally {
      setOpening(null);
    }
  }

  return (
    <PageFrame title={t('title')}>
      <Stack gap={8}>
        <Text>{t('intro')}</Text>
        {list.data ? (
          <Text data-testid="biller-code">
            {t('billerCode', { code: list.data.billerCode })}
            {list.data.sandbox ? ` ${t('sandboxBiller')}` : ''}
          </Text>
        ) : null}
        <UploadForm
          onImported={(imported) => {
            setResult(imported);
            void queryClient.invalidateQueries({ queryKey: queryKeys.staffJompay.all() });
          }}
        />
        {result ? <ImportResult result={result} /> : null}
        {list.data?.sandbox ? <SandboxFileForm /> : null}
        <Stack gap={3}>
          <Heading as="h2" size="md">
            {t('earlier.title')}
          </Heading>
          <LoadStatus
            {...loadStatusOf(list)}
            loadingLabel={t('loading')}
            errorTitle={t('loadFailed')}
          />
          {opening ? <Text role="status">{t('earlier.opening')}</Text> : null}
          {openFailure ? (
            <ErrorNotice title={t('earlier.openFailed')} description={openFailure} />
          ) : null}
          {list.data ? (
            <EarlierImports items={list.data.items} onOpen={(id) => void open(id)} />
          ) : null}
        </Stack>
      </Stack>
    </PageFrame>
  );
}
