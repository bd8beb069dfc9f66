import type { Application } from '@lending/contracts';
import { navigate } from '@lending/platform';
import { Alert, Button, LoadStatus, PageFrame, Stack } from '@lending/ui';
import type { ReactNode } from 'react';

import { useCurrentApplication } from '../hooks/use-current-application';
import {
  type ApplicationJourneyStep,
  applicationJourneySteps,
  nextJourneyStep,
} from './application-steps';
import { SignInNeeded } from './sign-in-needed';
import { useFormT } from './use-form-t';

/** The frame every application page shares: steps, loading, failure with retry, a way to sign in
 *  for a visitor, and "Application Not Found" when the applicant has no open application. */
export function ApplicationFrame(props: {
  titleKey: string;
  /** The step to mark current; 'next' marks the first step not yet done. */
  current?: 'applicationForm' | 'summary' | 'next';
  children: (application: Application, replace: (application: Application) => void) => ReactNode;
}) {
  const t = useFormT();
  const { state, reload, replace } = useCurrentApplication();
  const application = state.status === 'ready' ? state.application : null;
  const wanted = props.current ?? 'applicationForm';
  const current: ApplicationJourneyStep =
    wanted !== 'next' ? wanted : application ? nextJourneyStep(application) : 'applicationForm';
  return (
    <PageFrame
      title={t(props.titleKey)}
      steps={applicationJourneySteps(application, current, (key) => t(key))}
    >
      {state.status === 'loading' || state.status === 'failed' ? (
        <PendingLoad state={state} onRetry={reload} />
      ) : state.status === 'signedOut' ? (
        <SignInNeeded purpose="application" />
      ) : state.status === 'none' ? (
        <ApplicationNotFound />
      ) : (
        props.children(state.application, replace)
      )}
    </PageFrame>
  );
}

export interface LoadLabels {
  loading: string;
  loadFailed: string;
  retry: string;
}

/** A load under way, or failed with a retry, told in the words given or else in the
 *  application's own. */
export function PendingLoad(props: {
  state: { status: 'loading' } | { status: 'failed'; message: string };
  onRetry: () => void;
  labels?: LoadLabels;
}) {
  const t = useFormT();
  const labels = props.labels ?? {
    loading: t('common.loading'),
    loadFailed: t('common.loadFailed'),
    retry: t('common.retry'),
  };
  return (
    <LoadStatus
      loading={props.state.status === 'loading'}
      error={props.state.status === 'failed' ? props.state.message : null}
      onRetry={props.onRetry}
      loadingLabel={labels.loading}
      errorTitle={labels.loadFailed}
      retryLabel={labels.retry}
    />
  );
}

/** No open application (none started yet, or the last one closed): the spec's message, and the
 *  ways on, starting one first. */
export function ApplicationNotFound() {
  const t = useFormT();
  return (
    <Stack gap={4} data-testid="application-not-found">
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('common.notFound')}</Alert.Title>
          <Alert.Description>{t('common.notFoundHelp')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align="flex-start">
        <Button colorPalette="brand" onClick={() => navigate('/application')}>
          {t('common.startApplication')}
        </Button>
        <Button variant="outline" onClick={() => navigate('/home')}>
          {t('common.goHome')}
        </Button>
      </Stack>
    </Stack>
  );
}
