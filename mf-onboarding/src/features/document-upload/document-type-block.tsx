import type { RequiredFile, UploadedFile } from '@lending/contracts';
import { nameIn } from '@lending/domain';
import { filesApi, useLanguage, useT } from '@lending/platform';
import { Badge, Box, Heading, HStack, Stack, Text } from '@lending/ui';
import { FileDrop, UploadList } from '@lending/ui/screens';
import { useState } from 'react';

import {
  checkPickedFile,
  formatSize,
  isSatisfied,
  refusalText,
  ruleText,
  sha256Of,
} from './picked-file';
import { readStoredFile } from './use-documents';

export interface InFlightUpload {
  key: string;
  fileType: string;
  name: string;
  size: number;
  sha256?: string | undefined;
  progress: number;
  error?: string;
}

export interface DocumentTypeBlockProps {
  rule: RequiredFile;
  uploaded: readonly UploadedFile[];
  inFlight: readonly InFlightUpload[];
  /** Shown after a Continue with this type still missing. */
  showMissing: boolean;
  disabled?: boolean;
  onUpload: (file: File, sha256: string | undefined) => void;
  onRemove: (fileId: string) => void;
  onDismiss: (key: string) => void;
  /** Reads a stored file for its preview; the API unless told otherwise. */
  readFile?: (fileId: string) => Promise<Blob>;
}

/** One document type: its name and rule, the picker (checked here first, as the server will),
 *  the files uploaded or on their way, and whether the type is satisfied. */
export function DocumentTypeBlock(props: DocumentTypeBlockProps) {
  const { t } = useT('onboarding-documents');
  const language = useLanguage();
  const { rule } = props;
  const [refusals, setRefusals] = useState<{ name: string; message: string }[]>([]);
  // In the order they were uploaded, whatever order the server or the cache lists them in.
  const ofType = props.uploaded
    .filter((file) => file.fileType === rule.fileType)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const inFlight = props.inFlight.filter((upload) => upload.fileType === rule.fileType);
  const satisfied = isSatisfied(rule, props.uploaded);
  const name = nameIn(language, rule);
  const description = language === 'MS' ? rule.descriptionMs : rule.description;
  const id = `document-${rule.fileType.toLowerCase()}`;
  const missing = props.showMissing && !satisfied;
  const readFile = props.readFile ?? readStoredFile;

  const pick = async (files: File[]) => {
    const refused: { name: string; message: string }[] = [];
    const accepted: { name: string; size: number; sha256?: string | undefined }[] = [
      ...inFlight.filter((upload) => !upload.error),
    ];
    for (const file of files) {
      const sha256 = await sha256Of(file);
      const refusal = checkPickedFile(
        rule,
        { name: file.name, type: file.type, size: file.size, sha256 },
        props.uploaded,
        accepted,
      );
      if (refusal) {
        const text = refusalText(refusal);
        refused.push({ name: file.name, message: t(text.key, text.values) });
      } else {
        accepted.push({ name: file.name, size: file.size, sha256 });
        props.onUpload(file, sha256);
      }
    }
    setRefusals(refused);
  };

  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      borderWidth="1px"
      borderRadius="lg"
      borderColor={missing ? 'red.400' : 'gray.200'}
      p={{ base: 3, md: 5 }}
      data-testid={id}
    >
      <Stack gap={3}>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap={2}>
          <Heading as="h2" size="md" id={`${id}-title`}>
            {name}
            {rule.isRequired ? null : (
              <Text as="span" fontWeight="normal" color="gray.700">
                {` (${t('optional')})`}
              </Text>
            )}
          </Heading>
          <Badge colorPalette={satisfied ? 'green' : 'gray'} data-testid={`${id}-state`}>
            {satisfied
              ? t('state.satisfied')
              : t('state.count', { uploaded: ofType.length, required: rule.requiredFileCount })}
          </Badge>
        </HStack>
        <Box id={`${id}-rule`}>
          <Text color="gray.700">{description}</Text>
          <Text fontSize="sm" color="gray.700">
            {ruleText(rule)
              .map((part) => t(part.key, part.values))
              .join(' · ')}
          </Text>
        </Box>
        <FileDrop
          id={`${id}-input`}
          label={t('picker.label', { name })}
          prompt={t('picker.prompt')}
          browseLabel={t('picker.browse')}
          accept={rule.acceptedTypes}
          multiple={rule.maxFileCount > 1}
          disabled={props.disabled || ofType.length >= rule.maxFileCount}
          invalid={missing || refusals.length > 0}
          describedBy={`${id}-rule ${id}-errors`}
          onFiles={(files) => void pick(files)}
        />
        <Box id={`${id}-errors`} aria-live="polite">
          {refusals.map((refusal) => (
            <Text key={refusal.name} role="alert" color="red.600" fontSize="sm">
              {`${refusal.name}: ${refusal.message}`}
            </Text>
          ))}
          {missing ? (
            <Text role="alert" color="red.600" fontSize="sm">
              {t('state.missing', { count: rule.requiredFileCount - ofType.length })}
            </Text>
          ) : null}
        </Box>
        <UploadList
          items={[
            ...ofType.map((file) => ({
              key: file.id,
              name: file.originalFileName,
              detail: formatSize(file.sizeBytes),
              onOpen: () =>
                void filesApi
                  .download(file.id)
                  .catch(() =>
                    setRefusals((current) => [
                      ...current.filter((one) => one.name !== file.originalFileName),
                      { name: file.originalFileName, message: t('list.openFailed') },
                    ]),
                  ),
              deletable: !props.disabled,
              preview: { mimeType: file.mimeType, load: () => readFile(file.id) },
            })),
            ...inFlight.map((upload) => ({
              key: upload.key,
              name: upload.name,
              detail: formatSize(upload.size),
              progress: upload.progress,
              ...(upload.error ? { error: upload.error } : {}),
            })),
          ]}
          labels={{
            uploading: (file) => t('list.uploading', { name: file }),
            removeButton: t('list.delete'),
            remove: (file) => t('list.deleteNamed', { name: file }),
            confirmRemove: (file) => t('list.confirmDelete', { name: file }),
            confirm: t('list.confirm'),
            cancel: t('list.cancel'),
            dismiss: t('list.dismiss'),
            preview: {
              button: t('preview.button'),
              named: (file) => t('preview.named', { name: file }),
              title: (file) => t('preview.title', { name: file }),
              loading: t('preview.loading'),
              failed: t('preview.failed'),
              retry: t('retry'),
              close: t('preview.close'),
              openPdf: (file) => t('preview.openPdf', { name: file }),
            },
          }}
          onRemove={(key) => props.onRemove(key)}
          onDismiss={props.onDismiss}
        />
      </Stack>
    </Box>
  );
}
