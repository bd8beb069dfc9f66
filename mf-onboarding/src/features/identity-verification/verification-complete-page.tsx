import { APPLICATION_DISPLAY_STEPS } from '@lending/domain';
import { navigate, useT } from '@lending/platform';
import { Alert, Button, journeySteps, PageFrame, Stack, Text } from '@lending/ui';

import { useCurrentApplication } from '../../hooks/use-current-application';
import { ApplicationNotFound, PendingLoad } from '../../journey/application-frame';
import { applicationJourneySteps } from '../../journey/application-steps';

const NEXT = ['review', 'contact', 'status'] as const;

/** The end of the application journey: what happens next, once the identity verification is
 *  done; before that (or with no application) it says so and leads to what is left to do. */
export function VerificationCompletePage() {
  const { t } = useT(['onboarding-identity', 'mf-onboarding']);
  const { state, reload } = useCurrentApplication();
  if (state.status === 'ready' && state.application.progress.includes('EKYCCOMPLETED')) {
    return <Completed />;
  }
  const application = state.status === 'ready' ? state.application : null;
  return (
    <PageFrame
      title={t('complete.title')}
      steps={applicationJourneySteps(application, 'completed', (key) => t(key))}
    >
      <div data-testid="screen-verificationComplete">
        {state.status === 'loading' || state.status === 'failed' ? (
          <PendingLoad state={state} onRetry={reload} />
        ) : state.status === 'ready' ? (
          <Stack gap={4} align="flex-start" data-testid="verification-not-complete">
            <Text>{t('complete.notYet')}</Text>
            <Button
              colorPalette="brand"
              onClick={() => navigate('/application/identity-verification')}
            >
              {t('complete.toVerify')}
            </Button>
          </Stack>
        ) : (
          <ApplicationNotFound />
        )}
      </div>
    </PageFrame>
  );
}

function Completed() {
  const { t } = useT(['onboarding-identity', 'mf-onboarding']);
  const steps = journeySteps(
    'mf-onboarding',
    APPLICATION_DISPLAY_STEPS,
    'completed',
    (key) => t(key),
    'application',
    APPLICATION_DISPLAY_STEPS.filter((step) => step !== 'completed'),
  );
  return (
    <PageFrame title={t('complete.title')} steps={steps}>
      <Stack gap={5} maxW="40rem" data-testid="screen-verificationComplete">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('complete.done')}</Alert.Title>
        </Alert.Root>
        <Text fontWeight="semibold">{t('complete.nextTitle')}</Text>
        <Stack as="ol" gap={2} ps={5} listStyleType="decimal">
          {NEXT.map((key) => (
            <Text as="li" key={key}>
              {t(`complete.next.${key}`)}
            </Text>
          ))}
        </Stack>
        <Button alignSelf="flex-start" colorPalette="brand" onClick={() => navigate('/home')}>
          {t('complete.home')}
        </Button>
      </Stack>
    </PageFrame>
  );
}
