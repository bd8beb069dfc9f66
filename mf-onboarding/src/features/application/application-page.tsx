import type { Application, LoanRequest } from '@lending/contracts';
import { applicationApi, bus, navigate } from '@lending/platform';
import { Badge, Box, Button, Card, Flex, Heading, Link, PageFrame, Stack, Text } from '@lending/ui';

import { useCurrentApplication } from '../../hooks/use-current-application';
import { useReferback } from '../../hooks/use-referback';
import { PendingLoad } from '../../journey/application-frame';
import {
  applicationJourneySteps,
  isSectionComplete,
  SECTION_ROUTES,
  sectionsFor,
} from '../../journey/application-steps';
import { codedFailure } from '../../journey/coded-failure';
import { mayChange } from '../../journey/referback';
import { ReferbackNotice, referredName } from '../../journey/referback-notice';
import { useFormT } from '../../journey/use-form-t';
import { LoanCard } from './loan-card';

export function isFormComplete(application: Application): boolean {
  return (
    application.progress.includes('APPLICATIONFORMCOMPLETED') ||
    (application.requestedAmountSen !== null &&
      sectionsFor(application).every((section) => isSectionComplete(application, section)))
  );
}

export function ApplicationPage() {
  const t = useFormT();
  const { state, reload, replace } = useCurrentApplication();
  const application = state.status === 'ready' ? state.application : null;

  const referback = useReferback(application);
  const saveLoan = async (loan: LoanRequest) => {
    let saved: Application;
    try {
      saved = application
        ? await applicationApi.updateLoan(application.id, loan)
        : await applicationApi.create(loan);
    } catch (error) {
      throw new Error(codedFailure(error, t));
    }
    replace(saved);
    bus.emit('application.updated', { applicationId: saved.id, status: saved.status });
  };

  return (
    <PageFrame
      title={t('mf-onboarding:screens.application.title')}
      steps={applicationJourneySteps(application, 'applicationForm', (key) => t(key))}
    >
      {state.status === 'loading' || state.status === 'failed' ? (
        <PendingLoad state={state} onRetry={reload} />
      ) : (
        <Box maxW="52rem">
          {referback.status === 'ready' && referback.items ? (
            <ReferbackNotice items={referback.items} nameOf={(item) => referredName(item, t)} />
          ) : null}
          <LoanCard
            application={application}
            readOnly={
              application
                ? !mayChange(application, referback, { kind: 'section', target: 'loan' })
                : false
            }
            onSave={saveLoan}
          />
          {application ? <SectionList application={application} /> : null}
        </Box>
      )}
    </PageFrame>
  );
}

function SectionList({ application }: { application: Application }) {
  const t = useFormT();
  const complete = isFormComplete(application);
  return (
    <Card.Root>
      <Card.Body>
        <Heading as="h2" size="lg" mb={2}>
          {t('application.sectionsTitle')}
        </Heading>
        <Text mb={4}>{t('application.sectionsHelp')}</Text>
        <Stack as="ul" listStyleType="none" m={0} p={0} gap={3}>
          {sectionsFor(application).map((section) => {
            const done = isSectionComplete(application, section);
            const label =
              section === 'directors' && application.organizationType === 'PARTNERSHIP'
                ? t('sections.partners')
                : t(`sections.${section}`);
            return (
              <Flex
                as="li"
                key={section}
                justify="space-between"
                align={{ base: 'flex-start', md: 'center' }}
                direction={{ base: 'column', md: 'row' }}
                gap={2}
                borderWidth="1px"
                borderRadius="md"
                p={3}
                data-testid={`section-${section}`}
              >
                <Flex align="center" gap={3} wrap="wrap">
                  <Text fontWeight="bold">{label}</Text>
                  <Badge colorPalette={done ? 'green' : 'orange'}>
                    {done ? t('common.completed') : t('common.incomplete')}
                  </Badge>
                </Flex>
                <Link
                  href={SECTION_ROUTES[section]}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(SECTION_ROUTES[section]);
                  }}
                  aria-label={`${done ? t('common.edit') : t('common.start')}: ${label}`}
                >
                  {done ? t('common.edit') : t('common.start')}
                </Link>
              </Flex>
            );
          })}
        </Stack>
        {complete ? (
          <Button
            mt={6}
            bg="brand.secondaryFill"
            color="white"
            width={{ base: 'full', md: 'auto' }}
            onClick={() => navigate('/application/email-verification')}
          >
            {t('application.nextStep')}
          </Button>
        ) : (
          <Text mt={6} color="gray.600">
            {t('application.formIncomplete')}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
