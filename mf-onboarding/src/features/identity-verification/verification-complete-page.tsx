import { APPLICATION_DISPLAY_STEPS } from '@lending/domain';
import { navigate, useT } from '@lending/platform';
import { Alert, Button, journeySteps, PageFrame, Stack, Text } from '@lending/ui';

const NEXT = ['review', 'contact', 'status'] as const;

/** The end of the application journey: what happens next. */
export function VerificationCompletePage() {
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
        <Button
          alignSelf="flex-start"
          bg="brand.secondaryFill"
          color="white"
          onClick={() => navigate('/home')}
        >
          {t('complete.home')}
        </Button>
      </Stack>
    </PageFrame>
  );
}
