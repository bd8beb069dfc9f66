import { Badge, Box, Button, Checkbox, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { SigningDocument, SigningDocumentKind } from '@lending/contracts';
import { errorMessage, saveFile, useT } from '@lending/platform';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';

import { ErrorNotice } from '../layout/notices';

// The reader and pdf.js behind it come with the first document a signer opens.
const PdfPages = lazy(() => import('./pdf-pages').then((m) => ({ default: m.PdfPages })));

export interface SigningDocumentsProps {
  /** What this signer reads, in order, and whether the server has each one as opened. */
  documents: readonly SigningDocument[];
  /** Fetches a document's bytes with the signer's own credentials; the server records it. */
  load: (kind: SigningDocumentKind) => Promise<Blob>;
  /** A document was opened: the caller reads the signing state again. */
  onOpened: (kind: SigningDocumentKind) => void;
  /** The name a download takes, e.g. `AGR-AC-2026-000001-agreement`. */
  fileName: (kind: SigningDocumentKind) => string;
  /** Which documents these are and why they are read (the agreement number...). */
  intro: ReactNode;
  /** What ticking the box declares. */
  confirm: ReactNode;
  onContinue: () => void;
}

function DocumentItem(props: {
  document: SigningDocument;
  opened: boolean;
  load: () => Promise<Blob>;
  onOpened: () => void;
  fileName: string;
}) {
  const { t } = useT('ui');
  const headingId = useId();
  const [bytes, setBytes] = useState<Blob | null>(null);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState<'read' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = t(`signing.documents.kinds.${props.document.kind}`);

  const fetched = async (): Promise<Blob> => {
    if (bytes) return bytes;
    const blob = await props.load();
    setBytes(blob);
    props.onOpened();
    return blob;
  };
  const run = async (what: 'read' | 'download') => {
    setBusy(what);
    setError(null);
    try {
      const blob = await fetched();
      if (what === 'read') setShown(true);
      else saveFile(blob, `${props.fileName}.pdf`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="md"
      p={{ base: 3, md: 4 }}
      data-testid={`signing-document-${props.document.kind}`}
    >
      <Flex justify="space-between" align="flex-start" gap={2} wrap="wrap" mb={3}>
        <Heading as="h2" size="sm" id={headingId}>
          {title}
        </Heading>
        <Badge colorPalette={props.opened ? 'green' : 'gray'}>
          {props.opened ? t('signing.documents.opened') : t('signing.documents.notOpened')}
        </Badge>
      </Flex>
      <Flex gap={2} wrap="wrap">
        <Button
          size="sm"
          onClick={() => (shown ? setShown(false) : void run('read'))}
          loading={busy === 'read'}
          loadingText={t('signing.reader.loading')}
          aria-expanded={shown}
        >
          {shown ? t('signing.documents.hide') : t('signing.documents.read', { title })}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void run('download')}
          loading={busy === 'download'}
        >
          {t('signing.documents.download')}
        </Button>
      </Flex>
      {error ? <ErrorNotice mt={3} title={error} /> : null}
      {shown && bytes ? (
        <Box mt={3}>
          <Suspense fallback={<Text role="status">{t('signing.reader.loading')}</Text>}>
            <PdfPages bytes={bytes} title={title} />
          </Suspense>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * Every document a signer signs or accepts, each read in the page (drawn from the exact bytes
 * signed, on any screen) or downloaded; going on to the code needs each of them opened and the
 * box ticked. The server keeps who opened what and refuses a code before.
 */
export function SigningDocuments(props: SigningDocumentsProps) {
  const { t } = useT('ui');
  const [openedHere, setOpenedHere] = useState<ReadonlySet<SigningDocumentKind>>(new Set());
  const [read, setRead] = useState(false);
  const opened = (document: SigningDocument) =>
    document.openedAt !== null || openedHere.has(document.kind);
  const openedCount = props.documents.filter(opened).length;
  const allOpened = openedCount === props.documents.length;
  return (
    <Stack gap={4}>
      <Text>{props.intro}</Text>
      <Text fontSize="sm" color="gray.700">
        {t('signing.documents.languages')}
      </Text>
      <Stack gap={3}>
        {props.documents.map((document) => (
          <DocumentItem
            key={`${document.kind}-${document.sha256}`}
            document={document}
            opened={opened(document)}
            load={() => props.load(document.kind)}
            onOpened={() => {
              setOpenedHere((was) => new Set(was).add(document.kind));
              props.onOpened(document.kind);
            }}
            fileName={props.fileName(document.kind)}
          />
        ))}
      </Stack>
      <Text role="status" fontSize="sm" data-testid="signing-documents-progress">
        {allOpened
          ? t('signing.documents.allOpened')
          : t('signing.documents.progress', {
              opened: openedCount,
              total: props.documents.length,
            })}
      </Text>
      <Checkbox.Root
        checked={read}
        disabled={!allOpened}
        onCheckedChange={(event) => setRead(event.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{props.confirm}</Checkbox.Label>
      </Checkbox.Root>
      <Button onClick={props.onContinue} disabled={!allOpened || !read} alignSelf="flex-start">
        {t('signing.read.continue')}
      </Button>
    </Stack>
  );
}
