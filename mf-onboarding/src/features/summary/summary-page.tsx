import type { Application } from '@lending/contracts';
import { isEditableApplicationStatus } from '@lending/domain';
import { ErrorNotice, Stack } from '@lending/ui';

import { ApplicationFrame } from '../../journey/application-frame';
import { AcknowledgeAndSubmit } from './acknowledge-and-submit';
import { DocumentsSummary } from './documents-summary';
import { MissingItems } from './missing-items';
import {
  ApplicantSummary,
  CompanySummary,
  DirectorsSummary,
  DisbursementSummary,
  EmergencyContactsSummary,
  LoanSummary,
} from './section-summaries';
import { useApplicationFiles } from './use-application-files';
import { useSubmitApplication } from './use-submit-application';

export function SummaryPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.summary.title" current="summary">
      {(application, replace) => <Summary application={application} onSubmitted={replace} />}
    </ApplicationFrame>
  );
}

function Summary({
  application,
  onSubmitted,
}: {
  application: Application;
  onSubmitted: (application: Application) => void;
}) {
  const editable = isEditableApplicationStatus(application.status);
  const { files, filesFailed, documentName } = useApplicationFiles(
    application.id,
    application.organizationType,
  );
  const { submit, missing, failure } = useSubmitApplication(application, onSubmitted);
  const sections = { application, editable };

  return (
    <Stack gap={5} maxW="52rem">
      <LoanSummary {...sections} />
      <ApplicantSummary {...sections} />
      <CompanySummary {...sections} />
      <DisbursementSummary {...sections} />
      <EmergencyContactsSummary {...sections} />
      <DirectorsSummary {...sections} />
      <DocumentsSummary
        editable={editable}
        files={files}
        filesFailed={filesFailed}
        documentName={documentName}
      />
      <MissingItems missing={missing} documentName={documentName} />
      {failure ? <ErrorNotice title={failure} /> : null}
      <AcknowledgeAndSubmit editable={editable} onSubmit={submit} />
    </Stack>
  );
}
