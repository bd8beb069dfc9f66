import type { Application, LoanRequest } from '@lending/contracts';
import { isEditableApplicationStatus } from '@lending/domain';
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
import { ResubmitPanel } from '../../journey/resubmit-panel';
import { SignInNeeded } from '../../journey/sign-in-needed';
import { useFormT } from '../../journey/use-form-t';
import { LoanCard } from './loan-card';

export function isFormComplete(application: Application): boolean {
  return (
    application.progress.includes('APPLICATIONFORMCOMPLETED') ||
    (application.requestedAmountSen !== null &&
      sectionsFor(application).every((section) => isSectionComplete(application, section)))
  );
}

/** What follows a complete form: nothing while the lender has it, the document upload once the
 *  email is verified (it usually is, from registration), else the email step. */
export function stepAfterForm(
  application: Pick<Application, 'status' | 'progress'>,
): { key: 'submitted' } | { key: 'verifyEmail' | 'uploadDocuments'; to: string } {
  if (!isEditableApplicationStatus(application.status)) return { key: 'submitted' };
  return application.progress.includes('EMAILVERIFICATIONCOMPLETED')
    ? { key: 'uploadDocuments', to: '/application/document-upload' }
    : { key: 'verifyEmail', to: '/application/email-verification' };
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
      ) : state.status === 'signedOut' ? (
        <SignInNeeded purpose="application" />
      ) : (
        <Box maxW="52rem">
          {referback.status === 'ready' && referback.items ? (
            <ReferbackNotice
              items={referback.items}
              nameOf={(item) => referredName(item, t)}
              linked
            />
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
          {application ? <SectionList application={application} onResubmitted={replace} /> : null}
        </Box>
      )}
    </PageFrame>
  );
}

export function SectionList({
  application,
  onResubmitted,
}: {
  application: Application;
  onResubmitted?: (application: Application) => void;
}) {
  const t = useFormT();
  const complete = isFormComplete(application);
  const next = stepAfterForm(application);
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
        {application.status === 'REFERBACK' ? (
          // Referred back: the rest was done before; what was fixed goes back in one step.
          <Box mt={6}>
            <ResubmitPanel
              application={application}
              onResubmitted={(resubmitted) => onResubmitted?.(resubmitted)}
            />
          </Box>
        ) : next.key === 'submitted' ? (
          <Stack mt={6} gap={3} data-testid="application-submitted">
            <Text role="status">{t('application.submitted')}</Text>
            <Button
              alignSelf={{ base: 'stretch', md: 'flex-start' }}
              variant="outline"
              onClick={() => navigate('/draft-application')}
            >
              {t('application.viewProgress')}
            </Button>
          </Stack>
        ) : complete ? (
          <Button
            mt={6}
            colorPalette="brand"
            width={{ base: 'full', md: 'auto' }}
            onClick={() => navigate(next.to)}
          >
            {t(`application.next.${next.key}`)}
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
