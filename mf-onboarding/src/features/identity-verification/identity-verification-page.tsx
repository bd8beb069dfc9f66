import { navigate, useLanguage, useT } from '@lending/platform';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  ErrorNotice,
  HStack,
  Link,
  LoadStatus,
  PageFrame,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@lending/ui';
import { Progress } from '@lending/ui/screens';
import type { ReactNode } from 'react';

import { useCurrentApplication } from '../../hooks/use-current-application';
import { ApplicationNotFound } from '../../journey/application-frame';
import { applicationJourneySteps } from '../../journey/application-steps';
import { SignInNeeded } from '../../journey/sign-in-needed';
import { AdviceDialog } from './advice-dialog';
import { ekycMessage } from './ekyc-messages';
import { LinkExpiry } from './link-expiry';
import { QrCode } from './qr-code';
import { useEkycSession } from './use-ekyc-session';

const TIPS = ['light', 'glare', 'frame', 'selfie'] as const;

export function IdentityVerificationPage() {
  const { t } = useT(['onboarding-identity', 'mf-onboarding']);
  const language = useLanguage();
  const { state: current, reload } = useCurrentApplication();
  const application = current.status === 'ready' ? current.application : null;
  const { state, error, start, confirm } = useEkycSession(application?.id ?? null, language);
  const steps = applicationJourneySteps(application, 'identityVerification', (key) => t(key));

  const frame = (body: ReactNode) => (
    <PageFrame title={t('title')} description={t('intro')} steps={steps}>
      <div data-testid="screen-identityVerification">{body}</div>
    </PageFrame>
  );

  if (current.status === 'loading' || current.status === 'failed') {
    return frame(
      <LoadStatus
        loading={current.status === 'loading'}
        error={current.status === 'failed' ? ekycMessage(current.message, t) : null}
        onRetry={reload}
        loadingLabel={t('loading')}
      />,
    );
  }
  if (current.status === 'signedOut') return frame(<SignInNeeded purpose="application" />);
  if (current.status === 'none') return frame(<ApplicationNotFound />);
  const app = current.application;
  if (app.progress.includes('EKYCCOMPLETED')) {
    return frame(
      <Stack gap={4} align="flex-start">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('alreadyComplete')}</Alert.Title>
        </Alert.Root>
        <Button colorPalette="brand" onClick={() => navigate('/application/verification-complete')}>
          {t('continue')}
        </Button>
      </Stack>,
    );
  }
  if (['DRAFT', 'IMPORTED_DRAFT', 'REFERBACK'].includes(app.status)) {
    return frame(
      <Stack gap={4} align="flex-start">
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('errors.notSubmitted')}</Alert.Title>
        </Alert.Root>
        <Button variant="outline" onClick={() => navigate('/application/summary')}>
          {t('toSummary')}
        </Button>
      </Stack>,
    );
  }

  const session = state.phase === 'waiting' || state.phase === 'confirming' ? state.session : null;
  const link = state.phase === 'waiting' || state.phase === 'confirming' ? state.link : null;
  const status = session?.status ?? 'PENDING';

  return frame(
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={8}>
      <Stack gap={4}>
        <Text fontWeight="semibold">{t('tips.title')}</Text>
        <Stack as="ul" gap={2} ps={5} listStyleType="disc">
          {TIPS.map((key) => (
            <Text as="li" key={key}>
              {t(`tips.${key}`)}
            </Text>
          ))}
        </Stack>
        <Box>
          <AdviceDialog />
        </Box>
      </Stack>

      <Card.Root>
        <Card.Body>
          <Stack gap={4} align="center" textAlign="center">
            {!link ? (
              <>
                <Text>{t('start.explain')}</Text>
                <Button
                  colorPalette="brand"
                  loading={state.phase === 'starting'}
                  loadingText={t('start.starting')}
                  onClick={() => void start()}
                  data-testid="ekyc-start"
                >
                  {t('start.button')}
                </Button>
              </>
            ) : (
              <>
                {/* The link is single-use: once the phone has answered, it is spent. */}
                {status === 'PENDING' ? (
                  <>
                    <Text fontWeight="semibold">{t('qr.scan')}</Text>
                    <QrCode value={link.captureUrl} label={t('qr.alt')} />
                    <Text fontSize="sm">
                      {t('qr.orOpen')}{' '}
                      <Link
                        href={link.captureUrl}
                        target="_blank"
                        rel="noreferrer"
                        color="brand.link"
                        wordBreak="break-all"
                        data-testid="ekyc-capture-link"
                      >
                        {t('qr.link')}
                      </Link>
                    </Text>
                    <LinkExpiry expiresAt={link.expiresAt} />
                  </>
                ) : null}
                <Box w="full" role="status" aria-live="polite" data-testid="ekyc-status">
                  {status === 'PENDING' ? (
                    <Stack gap={2}>
                      <HStack justify="center">
                        <Spinner size="sm" />
                        <Text>{t('status.waiting')}</Text>
                      </HStack>
                      <Progress.Root value={null} size="xs">
                        <Progress.Track>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                    </Stack>
                  ) : status === 'PASSED' ? (
                    <Badge colorPalette="green" size="lg">
                      {t('status.passed')}
                    </Badge>
                  ) : status === 'FAILED' ? (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Title>
                        {ekycMessage(session?.message ?? 'ID verification failed', t)}
                      </Alert.Title>
                    </Alert.Root>
                  ) : (
                    <Alert.Root status="warning">
                      <Alert.Indicator />
                      <Alert.Title>{t('status.expired')}</Alert.Title>
                    </Alert.Root>
                  )}
                </Box>
                {status === 'FAILED' || status === 'EXPIRED' ? (
                  <Button variant="outline" onClick={() => void start()}>
                    {t('start.again')}
                  </Button>
                ) : (
                  <Button
                    colorPalette="brand"
                    whiteSpace="normal"
                    h="auto"
                    py={3}
                    loading={state.phase === 'confirming'}
                    onClick={() =>
                      void confirm().then((ok) => {
                        if (ok) navigate('/application/verification-complete');
                      })
                    }
                    data-testid="ekyc-confirm"
                  >
                    {t('confirm')}
                  </Button>
                )}
              </>
            )}
            {error ? <ErrorNotice title={ekycMessage(error, t)} /> : null}
          </Stack>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>,
  );
}
