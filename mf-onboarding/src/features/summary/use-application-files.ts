import type { OrganizationType, RequiredFile, UploadedFile } from '@lending/contracts';
import { nameIn } from '@lending/domain';
import { filesApi, useLanguage } from '@lending/platform';
import { useEffect, useState } from 'react';

/** The files uploaded to an application, and document types named in the person's language. */
export function useApplicationFiles(applicationId: string, organizationType: OrganizationType) {
  const [files, setFiles] = useState<UploadedFile[] | null>(null);
  const [filesFailed, setFilesFailed] = useState(false);

  useEffect(() => {
    filesApi.list(applicationId).then(setFiles, () => setFilesFailed(true));
  }, [applicationId]);

  // Document types by their names in the person's language; the code stands in until they load.
  const language = useLanguage();
  const [documentTypes, setDocumentTypes] = useState<RequiredFile[]>([]);
  useEffect(() => {
    filesApi.requiredFiles(organizationType).then(setDocumentTypes, () => undefined);
  }, [organizationType]);
  const documentName = (fileType: string) => {
    const type = documentTypes.find((candidate) => candidate.fileType === fileType);
    return type ? nameIn(language, type) : fileType;
  };

  return { files, filesFailed, documentName };
}
