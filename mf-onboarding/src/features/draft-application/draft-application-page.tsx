import type { Application, ApplicationProgressStep } from '@lending/contracts';
import {
  allowedTransitions,
  APPLICATION_STATUS_MACHINE,
  isApplicationStatus,
  isEditableApplicationStatus,
} from '@lending/domain';
import { applicationApi, bus, errorMessage, navigate } from '@lending/platform';
import { Badge, Button, ErrorNotice, Flex, HStack, Portal, Stack, Text } from '@lending/ui';
import { Dialog } from '@lending/ui/overlays';
import { useState } from 'react';

import { ApplicationFrame } from '../../journey/application-frame';
import { useFormT } from '../../journey/use-form-t';

export interface DraftStep {
  key: 'stepApplicationForm' | 'stepDocumentUpload' | 'stepIdentityVerification';
  progress: ApplicationProgressStep;
  to: string;
}

/** The three steps of a draft (spec section 2) and the progress step that completes each. */
export const DRAFT_STEPS: readonly DraftStep[] = [
  { key: 'stepApplicationForm', progress: 'APPLICATIONFORMCOMPLETED', to: '/application' },
  {
    key: 'stepDocumentUpload',
    progress: 'DOCUMENTUPLOADCOMPLETED',
    to: '/application/document-upload',
  },
  {
    key: 'stepIdentityVerification',
    progress: 'EKYCCOMPLETED',
    to: '/application/identity-verification',
  },
];

/** Where "Continue" leads: the first step not yet completed; after a referral back, the
 *  application's own page, which lists what to fix and resubmits it. */
export function continueRoute(application: Pick<Application, 'progress' | 'status'>): string {
  if (application.status === 'REFERBACK') return '/application';
  const next = DRAFT_STEPS.find((step) => !application.progress.includes(step.progress));
  return next ? next.to : '/application/summary';
}

/** Only a draft may be cancelled by the applicant; the status machine says which. */
export function applicantMayCancel(application: Pick<Application, 'status'>): boolean {
  return (
    isApplicationStatus(application.status) &&
    allowedTransitions(APPLICATION_STATUS_MACHINE, application.status, 'applicant').includes(
      'CANCELLED',
    )
  );
}

/** What the page says the application is: still being filled, referred back, or submitted and
 *  waiting for the lender. */
export function draftStanding(
  application: Pick<Application, 'status'>,
): 'draft' | 'referback' | 'underReview' {
  if (application.status === 'REFERBACK') return 'referback';
  return isEditableApplicationStatus(application.status) ? 'draft' : 'underReview';
}

/** Whether there is anything left for the applicant to do on this application. */
export function hasStepLeft(application: Pick<Application, 'progress' | 'status'>): boolean {
  if (draftStanding(application) !== 'underReview') return true;
  return DRAFT_STEPS.some((step) => !application.progress.includes(step.progress));
}

export function DraftApplicationPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.draftApplication.title" current="next">
      {(application) => <DraftApplication application={application} />}
    </ApplicationFrame>
  );
}

export function DraftApplication({ application }: { application: Application }) {
  const t = useFormT();
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = async () => {
    setCancelling(true);
    setFailure(null);
    try {
      await applicationApi.cancelDraft(application.id);
      bus.emit('toast.requested', { status: 'success', title: t('draft.cancelled') });
      bus.emit('application.updated', { applicationId: application.id, status: 'CANCELLED' });
      setOpen(false);
      navigate('/home');
    } catch (error) {
      // The answer is shown inside the dialog that asked, not behind it.
      setFailure(errorMessage(error));
    } finally {
      setCancelling(false);
    }
  };

  const standing = draftStanding(application);
  const mayCancel = applicantMayCancel(application);
  const stepLeft = hasStepLeft(application);
  return (
    <Stack gap={5} maxW="40rem">
      <Text data-testid="draft-standing" data-standing={standing}>
        {t(`draft.intro.${standing}`, { reference: application.referenceNo })}
      </Text>
      <Stack as="ol" listStyleType="none" m={0} p={0} gap={3}>
        {DRAFT_STEPS.map((step, index) => {
          const done = application.progress.includes(step.progress);
          return (
            <Flex
              as="li"
              key={step.key}
              justify="space-between"
              align="center"
              gap={3}
              borderWidth="1px"
              borderRadius="md"
              p={3}
              data-testid={`draft-${step.key}`}
              data-state={done ? 'completed' : 'incomplete'}
            >
              <Text fontWeight="bold">
                {index + 1}. {t(`draft.${step.key}`)}
              </Text>
              <Badge colorPalette={done ? 'green' : 'orange'}>
                {done ? t('common.completed') : t('common.incomplete')}
              </Badge>
            </Flex>
          );
        })}
      </Stack>
      <HStack gap={3} wrap="wrap">
        {stepLeft ? (
          <Button
            colorPalette="brand"
            width={{ base: 'full', md: 'auto' }}
            onClick={() => navigate(continueRoute(application))}
          >
            {t('draft.continue')}
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            width={{ base: 'full', md: 'auto' }}
            onClick={() => navigate('/home')}
          >
            {t('common.goHome')}
          </Button>
        )}
        {mayCancel ? (
          <Button
            variant="outline"
            colorPalette="red"
            width={{ base: 'full', md: 'auto' }}
            onClick={() => {
              setFailure(null);
              setOpen(true);
            }}
          >
            {t('draft.cancel')}
          </Button>
        ) : null}
      </HStack>
      <Dialog.Root
        open={open && mayCancel}
        onOpenChange={(details) => setOpen(details.open)}
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx={4}>
              <Dialog.Header>
                <Dialog.Title>{t('draft.cancelTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text>{t('draft.cancelWarning')}</Text>
                  {failure ? <ErrorNotice title={failure} /> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t('draft.keep')}
                </Button>
                <Button colorPalette="red" loading={cancelling} onClick={() => void cancel()}>
                  {t('draft.cancelConfirm')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
