import { navigate, useT } from '@lending/platform';
import { Alert, Button, PageFrame, Spinner, Stack, Text } from '@lending/ui';

import { useCurrentApplication } from '../../hooks/use-current-application';

const ABOUT = ['what', 'length', 'honest', 'privacy'] as const;

/** What the test is and how long it takes, before it starts. */
export function PsychometricStartPage() {
  const { t } = useT('onboarding-psychometric');
  const current = useCurrentApplication().state;
  const status = current.status === 'ready' ? current.application.status : null;
  const open = status === 'PSYCHOMETRIC_TEST' || status === 'REDO_PSYCHOMETRIC_TEST';
  return (
    <PageFrame title={t('start.title')}>
      <Stack gap={5} maxW="44rem" data-testid="screen-psychometricStart">
        {current.status === 'loading' ? <Spinner aria-label={t('loading')} /> : null}
        {status === 'REDO_PSYCHOMETRIC_TEST' ? (
          <Alert.Root status="warning" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('start.redo')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Stack as="ul" gap={2} ps={5} listStyleType="disc">
          {ABOUT.map((key) => (
            <Text as="li" key={key}>
              {t(`start.about.${key}`)}
            </Text>
          ))}
        </Stack>
        {current.status !== 'loading' && !open ? (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('errors.notOpen')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button
          alignSelf="flex-start"
          colorPalette="brand"
          disabled={!open}
          onClick={() => navigate('/psychometric-test/assessment')}
          data-testid="psychometric-start"
        >
          {t('start.button')}
        </Button>
      </Stack>
    </PageFrame>
  );
}
