import type { Application } from '@lending/contracts';
import { isEditableApplicationStatus } from '@lending/domain';
import { ErrorNotice, Stack } from '@lending/ui';

import { useReferback } from '../../hooks/use-referback';
import { useSubmitApplication } from '../../hooks/use-submit-application';
import { AcknowledgeAndSubmit } from '../../journey/acknowledge-and-submit';
import { ApplicationFrame } from '../../journey/application-frame';
import { MissingItems } from '../../journey/missing-items';
import { mayChange } from '../../journey/referback';
import { ReferbackNotice, referredName } from '../../journey/referback-notice';
import { useFormT } from '../../journey/use-form-t';
import { DocumentsSummary } from './documents-summary';
import {
  ApplicantSummary,
  CompanySummary,
  DirectorsSummary,
  DisbursementSummary,
  EmergencyContactsSummary,
  LoanSummary,
} from './section-summaries';
import { useApplicationFiles } from './use-application-files';

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
  const t = useFormT();
  const editable = isEditableApplicationStatus(application.status);
  const { files, filesFailed, documentName } = useApplicationFiles(
    application.id,
    application.organizationType,
  );
  const { submit, missing, failure } = useSubmitApplication(application, onSubmitted);
  const referback = useReferback(application);
  // Referred back: only the parts the lender listed offer an edit.
  const section = (target: string) => ({
    application,
    editable: mayChange(application, referback, { kind: 'section', target }),
  });
  const documentsEditable =
    referback.status === 'ready' && referback.items
      ? referback.items.some((item) => item.kind === 'document')
      : editable && referback.status !== 'loading';

  return (
    <Stack gap={5} maxW="52rem">
      {referback.status === 'ready' && referback.items ? (
        <ReferbackNotice
          items={referback.items}
          nameOf={(item) =>
            item.kind === 'document' ? documentName(item.target) : referredName(item, t)
          }
          title={t('referback.summaryTitle')}
        />
      ) : null}
      <LoanSummary {...section('loan')} />
      <ApplicantSummary {...section('applicant')} />
      <CompanySummary {...section('company')} />
      <DisbursementSummary {...section('disbursement')} />
      <EmergencyContactsSummary {...section('emergencyContacts')} />
      <DirectorsSummary {...section('directors')} />
      <DocumentsSummary
        editable={documentsEditable}
        files={files}
        filesFailed={filesFailed}
        documentName={documentName}
      />
      <MissingItems missing={missing} documentName={documentName} />
      {failure ? <ErrorNotice title={failure} /> : null}
      <AcknowledgeAndSubmit
        editable={editable}
        onSubmit={submit}
        {...(application.status === 'REFERBACK'
          ? { submitLabel: t('referback.resubmit.button') }
          : {})}
      />
    </Stack>
  );
}
