import type { CaseFileDocument } from '@lending/contracts';
import { formatMegabytes } from '@lending/domain';
import { errorMessage, useLanguage, useT } from '@lending/platform';
import {
  Box,
  Button,
  ErrorNotice,
  Heading,
  HStack,
  Image,
  LoadStatus,
  Stack,
  Text,
} from '@lending/ui';
import { useEffect, useRef, useState } from 'react';

import { dateTimeText } from './format';
import { downloadContent, useContent } from './use-content';

/** One document shown in the page: a PDF in the browser's own viewer, an image as an image. */
function DocumentViewer({
  document: file,
  onClose,
}: {
  document: CaseFileDocument;
  onClose: () => void;
}) {
  const { t } = useT('admin-case-file');
  const content = useContent(file.url);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [file.id]);
  const label = t('documents.viewing', { name: file.originalFileName });
  return (
    <Box borderWidth="1px" borderRadius="md" p={3} data-testid="document-viewer">
      <HStack justify="space-between" mb={2} wrap="wrap">
        <Heading as="h3" size="sm" ref={heading} tabIndex={-1}>
          {label}
        </Heading>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('documents.close')}
        </Button>
      </HStack>
      <LoadStatus
        loading={content.loading}
        error={content.error}
        onRetry={content.retry}
        loadingLabel={t('documents.loading')}
      />
      {content.objectUrl ? (
        file.mimeType === 'application/pdf' ? (
          // The bytes come from memory (blob:), and the PDF runs in the browser's viewer, isolated
          // from this page; the type is pinned so nothing else is ever rendered here.
          <object
            data={content.objectUrl}
            type="application/pdf"
            aria-label={label}
            style={{ width: '100%', height: '70vh' }}
          >
            <Text>{t('documents.noInlinePdf')}</Text>
          </object>
        ) : (
          <Image src={content.objectUrl} alt={label} maxW="100%" maxH="70vh" objectFit="contain" />
        )
      ) : null}
    </Box>
  );
}

export function DocumentsPanel({ documents }: { documents: CaseFileDocument[] }) {
  const { t } = useT('admin-case-file');
  const language = useLanguage();
  const [open, setOpen] = useState<CaseFileDocument | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (file: CaseFileDocument) => {
    setFailure(null);
    setBusy(file.id);
    try {
      await downloadContent(file.url, file.originalFileName);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (documents.length === 0) return <Text>{t('documents.none')}</Text>;
  return (
    <Stack gap={4}>
      {failure ? <ErrorNotice title={t('documents.downloadFailed')} description={failure} /> : null}
      <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
        {documents.map((file) => (
          <Box as="li" key={file.id} borderWidth="1px" borderRadius="md" p={3}>
            <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap={2}>
              <Box minW={0}>
                <Text fontWeight="bold">{t(`documentTypes.${file.fileType}`)}</Text>
                <Text wordBreak="break-all">{file.originalFileName}</Text>
                <Text fontSize="sm" color="gray.600">
                  {formatMegabytes(file.sizeBytes)} · {dateTimeText(file.createdAt, language)}
                </Text>
              </Box>
              <HStack gap={2} flexShrink={0}>
                <Button
                  size="sm"
                  onClick={() => setOpen(file)}
                  aria-label={t('documents.viewNamed', { name: file.originalFileName })}
                >
                  {t('documents.view')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  loading={busy === file.id}
                  onClick={() => void download(file)}
                  aria-label={t('documents.downloadNamed', { name: file.originalFileName })}
                >
                  {t('documents.download')}
                </Button>
              </HStack>
            </Stack>
          </Box>
        ))}
      </Stack>
      {open ? <DocumentViewer document={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
