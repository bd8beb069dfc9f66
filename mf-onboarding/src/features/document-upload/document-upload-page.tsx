import type { Application } from '@lending/contracts';
import { isEditableApplicationStatus, nameIn } from '@lending/domain';
import { bus, errorMessage, navigate, useLanguage, useT } from '@lending/platform';
import { Alert, Button, HStack, PageFrame, Stack, Text } from '@lending/ui';

import { useCurrentApplication } from '../../hooks/use-current-application';
import { useReferback } from '../../hooks/use-referback';
import { type LoadLabels, PendingLoad } from '../../journey/application-frame';
import { applicationJourneySteps } from '../../journey/application-steps';
import { mayChange } from '../../journey/referback';
import { ReferbackNotice } from '../../journey/referback-notice';
import { ResubmitPanel } from '../../journey/resubmit-panel';
import { SignInNeeded } from '../../journey/sign-in-needed';
import { DocumentTypeBlock } from './document-type-block';
import { isSatisfied } from './picked-file';
import { useDocuments } from './use-documents';

const NAMESPACES = ['onboarding-documents', 'mf-onboarding'];

/** The page speaks of loading the documents, whether the application or its files are loading. */
function documentLoadLabels(t: (key: 'loading' | 'loadFailed' | 'retry') => string): LoadLabels {
  return { loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') };
}

export function Documents({
  application,
  onResubmitted = () => undefined,
}: {
  application: Application;
  /** The answer of a resubmission (after a referral back), for the page's cache. */
  onResubmitted?: (application: Application) => void;
}) {
  const { t } = useT(NAMESPACES);
  const { state, inFlight, upload, remove, dismiss, reload } = useDocuments(application);
  const language = useLanguage();
  const editable = isEditableApplicationStatus(application.status);
  const referback = useReferback(application);
  // Referred back: only the document types the lender listed may change.
  const mayChangeType = (fileType: string) =>
    mayChange(application, referback, { kind: 'document', target: fileType });

  if (state.status !== 'ready') {
    return <PendingLoad state={state} onRetry={reload} labels={documentLoadLabels(t)} />;
  }
  const missing = state.rules.filter((rule) => !isSatisfied(rule, state.uploaded));
  const uploading = inFlight.some((entry) => !entry.error);
  // Continue stays reachable by keyboard (aria-disabled, not disabled) so whoever lands on it
  // hears why it does not go on: which documents are still short, or that uploads are running.
  const waitReason = uploading
    ? t('continueWait')
    : missing.length > 0
      ? t('continueMissing', {
          list: missing
            .map((rule) =>
              t('continueMissingItem', {
                name: nameIn(language, rule),
                count:
                  rule.requiredFileCount -
                  state.uploaded.filter((file) => file.fileType === rule.fileType).length,
              }),
            )
            .join('; '),
        })
      : null;

  const onRemove = async (fileId: string) => {
    try {
      await remove(fileId);
    } catch (error) {
      bus.emit('toast.requested', {
        status: 'error',
        title: t('deleteFailed'),
        description: errorMessage(error),
      });
    }
  };

  return (
    <Stack gap={5}>
      <Text color="gray.700">{t('intro')}</Text>
      <Text color="gray.700" data-testid="documents-for-organization">
        {t(`forOrganization.${application.organizationType}`)}
      </Text>
      {referback.status === 'ready' && referback.items ? (
        <ReferbackNotice
          items={referback.items.filter((item) => item.kind === 'document')}
          nameOf={(item) => {
            const rule = state.rules.find((one) => one.fileType === item.target);
            return rule ? (language === 'MS' ? rule.nameMs : rule.name) : item.target;
          }}
        />
      ) : null}
      {editable ? null : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('locked')}</Alert.Description>
        </Alert.Root>
      )}
      {state.rules.map((rule) => (
        <DocumentTypeBlock
          key={rule.fileType}
          rule={rule}
          uploaded={state.uploaded}
          inFlight={inFlight}
          showMissing={false}
          disabled={!mayChangeType(rule.fileType)}
          onUpload={(file, sha256) => upload(rule.fileType, file, sha256)}
          onRemove={(fileId) => void onRemove(fileId)}
          onDismiss={dismiss}
        />
      ))}
      <Text color="gray.700" id="documents-continue-hint" aria-live="polite">
        {waitReason}
      </Text>
      {application.status === 'REFERBACK' ? (
        <ResubmitPanel application={application} onResubmitted={onResubmitted} />
      ) : null}
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Button variant="outline" onClick={() => navigate('/application')}>
          {t('back')}
        </Button>
        {application.status === 'REFERBACK' ? null : (
          <Button
            colorPalette="blue"
            aria-disabled={waitReason !== null}
            aria-describedby={waitReason !== null ? 'documents-continue-hint' : undefined}
            onClick={() => {
              if (waitReason === null) navigate('/application/summary');
            }}
            data-testid="documents-continue"
          >
            {uploading ? t('waitForUploads') : t('continue')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

/** /application/document-upload: the documents the organization type needs (spec section 5). */
export function DocumentUploadPage() {
  const { t } = useT(NAMESPACES);
  const { state, reload, replace } = useCurrentApplication();
  const application = state.status === 'ready' ? state.application : null;
  return (
    <PageFrame
      title={t('mf-onboarding:screens.documentUpload.title')}
      steps={applicationJourneySteps(application, 'uploadDocuments', (key) => t(key))}
    >
      {state.status === 'loading' || state.status === 'failed' ? (
        <PendingLoad state={state} onRetry={reload} labels={documentLoadLabels(t)} />
      ) : state.status === 'signedOut' ? (
        <SignInNeeded purpose="application" />
      ) : state.status === 'none' ? (
        <Stack gap={4} data-testid="application-not-found">
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('notFound')}</Alert.Title>
          </Alert.Root>
          <Button alignSelf="flex-start" onClick={() => navigate('/home')}>
            {t('goHome')}
          </Button>
        </Stack>
      ) : (
        <Documents application={state.application} onResubmitted={replace} />
      )}
    </PageFrame>
  );
}
