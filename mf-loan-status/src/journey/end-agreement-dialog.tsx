import type { AgreementView, DeclineOfferRequest } from '@lending/contracts';
import { FIELD_LIMITS } from '@lending/domain';
import { useSubmitFailure } from '@lending/platform';
import { Button, ErrorNotice, Field, Portal, Stack, Textarea } from '@lending/ui';
import { Dialog } from '@lending/ui/overlays';
import { type ReactNode, useState } from 'react';

export interface EndAgreementDialogProps {
  agreement: AgreementView;
  /** The agreement's decline path: it ends the offer before acceptance and the agreement after. */
  end: (body: DeclineOfferRequest) => Promise<AgreementView>;
  onEnded: (agreement: AgreementView) => void;
  /** Prefix of the test ids: `<id>`, `<id>-reason`, `<id>-confirm`. */
  testId: string;
  words: { open: string; title: string; reason: string; keep: string; confirm: string };
  /** What the borrower loses, said before they confirm. */
  warning: ReactNode;
}

/**
 * Ending an offer or an agreement is for good, so it is asked twice, with an optional reason;
 * a refusal stays in the dialog, and only an ended agreement closes it.
 */
export function EndAgreementDialog({
  agreement,
  end,
  onEnded,
  testId,
  words,
  warning,
}: EndAgreementDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { failure, attempt } = useSubmitFailure();

  const confirm = async () => {
    setBusy(true);
    let ended: AgreementView | undefined;
    await attempt(async () => {
      ended = await end({
        version: agreement.version,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
    });
    setBusy(false);
    if (ended) {
      setOpen(false);
      onEnded(ended);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        colorPalette="red"
        onClick={() => setOpen(true)}
        width={{ base: 'full', md: 'auto' }}
        data-testid={testId}
      >
        {words.open}
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx={4}>
              <Dialog.Header>
                <Dialog.Title>{words.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  {warning}
                  <Field.Root>
                    <Field.Label>{words.reason}</Field.Label>
                    <Textarea
                      value={reason}
                      maxLength={FIELD_LIMITS.cancelReason}
                      onChange={(event) => setReason(event.target.value)}
                      data-testid={`${testId}-reason`}
                    />
                  </Field.Root>
                  {failure ? <ErrorNotice title={failure} /> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {words.keep}
                </Button>
                <Button
                  colorPalette="red"
                  loading={busy}
                  onClick={() => void confirm()}
                  data-testid={`${testId}-confirm`}
                >
                  {words.confirm}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
