import type { Application, ApplicationProgressStep } from '@lending/contracts';
import { applicationApi, bus, errorMessage, navigate } from '@lending/platform';
import { Badge, Button, Dialog, ErrorNotice, Flex, HStack, Portal, Stack, Text } from '@lending/ui';
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

/** Where "Continue" leads: the first step not yet completed. */
export function continueRoute(application: Pick<Application, 'progress'>): string {
  const next = DRAFT_STEPS.find((step) => !application.progress.includes(step.progress));
  return next ? next.to : '/application/summary';
}

export function DraftApplicationPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.draftApplication.title">
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
      setFailure(errorMessage(error));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Stack gap={5} maxW="40rem">
      <Text>{t('draft.intro')}</Text>
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
      {failure ? <ErrorNotice title={failure} /> : null}
      <HStack gap={3} wrap="wrap">
        <Button
          bg="brand.secondaryFill"
          color="white"
          width={{ base: 'full', md: 'auto' }}
          onClick={() => navigate(continueRoute(application))}
        >
          {t('draft.continue')}
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          width={{ base: 'full', md: 'auto' }}
          onClick={() => setOpen(true)}
        >
          {t('draft.cancel')}
        </Button>
      </HStack>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx={4}>
              <Dialog.Header>
                <Dialog.Title>{t('draft.cancelTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{t('draft.cancelWarning')}</Text>
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
