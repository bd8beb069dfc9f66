import type { ReactNode } from 'react';
import type { Application } from '@lending/contracts';
import { navigate } from '@lending/platform';
import { Alert, Button, Center, PageFrame, Spinner, Stack, Text } from '@lending/ui';
import { useCurrentApplication } from '../hooks/use-current-application';
import { applicationJourneySteps } from './application-steps';
import { useFormT } from './use-form-t';

/** The frame every application page shares: steps, loading, failure with retry, and "Application
 *  Not Found" when the applicant has no open application. */
export function ApplicationFrame(props: {
  titleKey: string;
  current?: 'applicationForm' | 'summary';
  children: (application: Application, replace: (application: Application) => void) => ReactNode;
}) {
  const t = useFormT();
  const { state, reload, replace } = useCurrentApplication();
  const application = state.status === 'ready' ? state.application : null;
  return (
    <PageFrame
      title={t(props.titleKey)}
      steps={applicationJourneySteps(application, props.current ?? 'applicationForm', (key) =>
        t(key),
      )}
    >
      {state.status === 'loading' ? (
        <Center py={10} role="status" aria-live="polite">
          <Spinner marginEnd={3} />
          <Text>{t('common.loading')}</Text>
        </Center>
      ) : state.status === 'failed' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('common.loadFailed')}</Alert.Title>
            <Alert.Description>{state.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={reload}>
            {t('common.retry')}
          </Button>
        </Alert.Root>
      ) : state.status === 'none' ? (
        <ApplicationNotFound />
      ) : (
        props.children(state.application, replace)
      )}
    </PageFrame>
  );
}

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
      <Button alignSelf="flex-start" onClick={() => navigate('/home')}>
        {t('common.goHome')}
      </Button>
    </Stack>
  );
}
