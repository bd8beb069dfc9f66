import type { ApplicationStatus } from '@lending/domain';
import { useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import { Box, LoadStatus, PageFrame, Stack } from '@lending/ui';
import { Tabs } from '@lending/ui/screens';
import { useParams } from 'react-router-dom';

import { DecisionPanel } from '../decisions/decision-panel';
import { EvidenceDownloads } from '../evidence/evidence-downloads';
import { ApplicantHistoryCard } from './applicant-history-panel';
import { caseFileApi } from './case-file-api';
import { CaseFileHeader } from './case-file-header';
import { EkycCard, EligibilityCard, PsychometricCard } from './checks-panel';
import { DocumentsPanel } from './documents-panel';
import { NotesPanel } from './notes-panel';
import { ApplicationSections } from './section-cards';
import { TimelinePanel } from './timeline-panel';
import { UnderwritingCards } from './underwriting-panel';

const TABS = [
  'application',
  'documents',
  'checks',
  'history',
  'notes',
  'decisions',
  'timeline',
] as const;

/** The staff view of one application: everything submitted, checked, noted and decided. */
export function CaseFilePage() {
  const { t } = useT('admin-case-file');
  const { applicationId = '' } = useParams<{ applicationId: string }>();
  const query = useServerQuery({
    queryKey: queryKeys.caseFile.byId(applicationId),
    queryFn: () => caseFileApi.get(applicationId),
    enabled: applicationId !== '',
  });
  const file = query.data;
  const refetch = () => void query.refetch();
  return (
    <PageFrame title={t('title')}>
      <LoadStatus
        {...loadStatusOf(query)}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
      />
      {file ? (
        <>
          <CaseFileHeader file={file} />
          <EvidenceDownloads applicationId={applicationId} userId={file.applicant.userId} />
          {/* The decisions open to the signed-in staff member, above the tabs: whichever part of
              the file they read, the decision is one step away. */}
          <Box mb={6}>
            <DecisionPanel
              applicationId={applicationId}
              status={file.status as ApplicationStatus}
              version={file.version}
              referenceNo={file.application.referenceNo}
              onDecided={refetch}
            />
          </Box>
          <Tabs.Root defaultValue="application" lazyMount variant="line">
            <Tabs.List overflowX="auto" overflowY="hidden" flexWrap="nowrap" mb={4}>
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab} value={tab} flexShrink={0}>
                  {t(`tabs.${tab}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="application">
              <ApplicationSections application={file.application} />
            </Tabs.Content>
            <Tabs.Content value="documents">
              <DocumentsPanel documents={file.documents} />
            </Tabs.Content>
            <Tabs.Content value="checks">
              <Stack gap={4}>
                <EligibilityCard rules={file.eligibility} />
                <EkycCard ekyc={file.ekyc} />
                <PsychometricCard result={file.psychometric} />
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="history">
              <ApplicantHistoryCard applicant={file.applicant} />
            </Tabs.Content>
            <Tabs.Content value="notes">
              <NotesPanel applicationId={applicationId} notes={file.notes} onAdded={refetch} />
            </Tabs.Content>
            <Tabs.Content value="decisions">
              <UnderwritingCards file={file} />
            </Tabs.Content>
            <Tabs.Content value="timeline">
              <TimelinePanel file={file} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      ) : null}
    </PageFrame>
  );
}
