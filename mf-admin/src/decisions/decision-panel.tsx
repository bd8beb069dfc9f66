import type { ApplicationStatus } from '@lending/domain';
import { registerTranslations, useT } from '@lending/platform';
import { loadStatusOf, queryClient, useServerQuery } from '@lending/platform/query';
import { LoadStatus, Stack } from '@lending/ui';

import { CancelApplication, cancelApplicationApi } from '../case-file/cancel-application';
import en from '../locales/en/admin-decisions.json';
import ms from '../locales/ms/admin-decisions.json';
import { DecisionForms } from './decision-forms';
import { adminKeys, decisionsApi } from './decisions-api';

registerTranslations('admin-decisions', { en, ms });

export interface DecisionPanelProps {
  applicationId: string;
  status: ApplicationStatus;
  /** The version the file was read at; a decision on an older version is refused. */
  version: number;
  /** Called after a decision landed, so the file page reads the application again. */
  onDecided: () => void;
  /** The file's reference, named when asking to cancel it. */
  referenceNo?: string;
}

/**
 * The decisions the signed-in staff member may take on this file. The file page renders it;
 * what is allowed comes from the server, which asks the same decision matrix it enforces.
 */
export function DecisionPanel({
  applicationId,
  status,
  version,
  onDecided,
  referenceNo = '',
}: DecisionPanelProps) {
  const { t } = useT('admin-decisions');
  // Keyed by the version (and status) the page read, so a decision elsewhere reads them again.
  const options = useServerQuery({
    queryKey: [...adminKeys.decisionOptions(applicationId, version), status],
    queryFn: () => decisionsApi.options(applicationId),
    // The forms stay on screen while the new options load, so the word that the decision was
    // taken (announced in the panel's live region) is not lost with them.
    placeholderData: (previous) => previous,
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'decisions', applicationId] });
    onDecided();
  };
  if (!options.data) {
    return (
      <LoadStatus
        {...loadStatusOf(options)}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
      />
    );
  }
  // Cancelling is its own action with a dialog, on the admin path the spec names; the other
  // decisions keep their forms.
  const cancellable = options.data.decisions.some(
    (one) => one.decision === 'CANCEL' && one.allowed,
  );
  const forms = {
    ...options.data,
    decisions: options.data.decisions.filter((one) => one.decision !== 'CANCEL'),
  };
  return (
    <Stack gap={4}>
      {cancellable ? (
        <CancelApplication
          referenceNo={referenceNo}
          version={options.data.version}
          cancel={(body) => cancelApplicationApi.cancel(applicationId, body)}
          onReload={reload}
        />
      ) : null}
      <DecisionForms
        options={forms}
        submit={async (body) => {
          await decisionsApi.decide(applicationId, body);
          reload();
        }}
        preview={(terms) => decisionsApi.preview(applicationId, terms)}
        recordOutcome={async (interviewId, body) => {
          await decisionsApi.recordOutcome(applicationId, interviewId, body);
          void queryClient.invalidateQueries({ queryKey: ['admin', 'decisions', applicationId] });
        }}
        onReload={reload}
      />
    </Stack>
  );
}
