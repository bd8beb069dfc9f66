import type { AgreementView, DeclineOfferRequest } from '@lending/contracts';
import { useSubmitFailure, useT } from '@lending/platform';
import { Button, Dialog, ErrorNotice, Field, Portal, Stack, Text, Textarea } from '@lending/ui';
import { useState } from 'react';

export interface DeclineOfferProps {
  agreement: AgreementView;
  decline: (body: DeclineOfferRequest) => Promise<AgreementView>;
  onDeclined: (agreement: AgreementView) => void;
}

/** Declining ends the offer for good, so it is asked twice, with an optional reason. */
export function DeclineOffer({ agreement, decline, onDeclined }: DeclineOfferProps) {
  const { t } = useT('mf-loan-status');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { failure, attempt } = useSubmitFailure();

  const confirm = async () => {
    setBusy(true);
    let declined: AgreementView | undefined;
    await attempt(async () => {
      declined = await decline({
        version: agreement.version,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
    });
    setBusy(false);
    if (declined) {
      setOpen(false);
      onDeclined(declined);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        colorPalette="red"
        onClick={() => setOpen(true)}
        width={{ base: 'full', md: 'auto' }}
        data-testid="offer-decline"
      >
        {t('offer.decline')}
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx={4}>
              <Dialog.Header>
                <Dialog.Title>{t('offer.declineTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text>{t('offer.declineWarning')}</Text>
                  <Field.Root>
                    <Field.Label>{t('offer.declineReason')}</Field.Label>
                    <Textarea
                      value={reason}
                      maxLength={500}
                      onChange={(event) => setReason(event.target.value)}
                      data-testid="offer-decline-reason"
                    />
                  </Field.Root>
                  {failure ? <ErrorNotice title={failure} /> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t('offer.keepOffer')}
                </Button>
                <Button
                  colorPalette="red"
                  loading={busy}
                  onClick={() => void confirm()}
                  data-testid="offer-decline-confirm"
                >
                  {t('offer.declineConfirm')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
