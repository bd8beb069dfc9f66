import type { UploadedFile } from '@lending/contracts';
import { Stack, Text } from '@lending/ui';

import { useFormT } from '../../journey/use-form-t';
import { SummaryCard } from './summary-card';

/** The documents uploaded. */
export function DocumentsSummary({
  editable,
  files,
  filesFailed,
  documentName,
}: {
  editable: boolean;
  files: UploadedFile[] | null;
  filesFailed: boolean;
  documentName: (fileType: string) => string;
}) {
  const t = useFormT();
  return (
    <SummaryCard
      title={t('summary.documents')}
      editTo="/application/document-upload"
      editable={editable}
      testId="summary-documents"
    >
      {filesFailed ? (
        <Text color="red.600">{t('summary.documentsFailed')}</Text>
      ) : files && files.length > 0 ? (
        <Stack as="ul" gap={1} m={0} pl={5}>
          {files.map((file) => (
            <li key={file.id}>
              {file.originalFileName} ({documentName(file.fileType)})
            </li>
          ))}
        </Stack>
      ) : (
        <Text color="gray.600">{t('summary.noDocuments')}</Text>
      )}
    </SummaryCard>
  );
}
