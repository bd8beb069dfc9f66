import { useT } from '@lending/platform';
import { Button, CloseButton, Portal, Stack, Text } from '@lending/ui';
import { Dialog } from '@lending/ui/overlays';
import { useState } from 'react';

const ADVICE = ['light', 'glare', 'frame', 'selfie', 'original'] as const;

/** What makes photos that pass, shown before the applicant picks up the phone. */
export function AdviceDialog() {
  const { t } = useT('onboarding-identity');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(event) => setOpen(event.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button variant="outline" data-testid="ekyc-advice-open">
          {t('advice.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="520px" w="calc(100% - 2rem)" data-testid="ekyc-advice">
            <Dialog.Header>
              <Dialog.Title color="brand.primary">{t('advice.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack as="ol" gap={3} ps={5} listStyleType="decimal">
                {ADVICE.map((key) => (
                  <Text as="li" key={key}>
                    {t(`advice.items.${key}`)}
                  </Text>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="brand">{t('advice.understood')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('advice.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
