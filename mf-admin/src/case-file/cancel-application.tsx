import { APPLICATION_PATHS, type CancelRequest, type DecisionResult } from '@lending/contracts';
import { FIELD_LIMITS } from '@lending/domain';
import { api, useT } from '@lending/platform';
import {
  Button,
  ChangedNotice,
  ErrorNotice,
  Field,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@lending/ui';
import { Dialog } from '@lending/ui/overlays';
import { useState } from 'react';

import { type Problem, problemOf } from '../decisions/decisions-api';

/** The spec's admin path for cancelling a file. */
export const cancelApplicationApi = {
  cancel: async (applicationId: string, body: CancelRequest) =>
    (await api.admin.patch<DecisionResult>(APPLICATION_PATHS.adminCancel(applicationId), body))
      .data,
};

export interface CancelApplicationProps {
  referenceNo: string;
  /** The version the file was read at: a file changed since is refused, and reloaded. */
  version: number;
  cancel: (body: CancelRequest) => Promise<unknown>;
  /** After the cancellation landed, or when staff ask to read a changed file again. */
  onReload: () => void;
}

/**
 * Cancelling ends the file for good, so it is its own action with a dialog: the reason is
 * required (the applicant's notice and the audit carry it), and what else happens is said
 * before it is done: the applicant is told, and an approved loan's unsigned agreement ends too.
 */
export function CancelApplication({
  referenceNo,
  version,
  cancel,
  onReload,
}: CancelApplicationProps) {
  const { t } = useT('admin-case-file');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const close = () => {
    setOpen(false);
    setProblem(null);
    setMissing(false);
  };

  const confirm = async () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await cancel({ reason: trimmed, version });
      setReason('');
      close();
      onReload();
    } catch (caught) {
      setProblem(problemOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        colorPalette="red"
        alignSelf="flex-start"
        onClick={() => setOpen(true)}
        data-testid="cancel-application"
      >
        {t('cancel.open')}
      </Button>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => (details.open ? setOpen(true) : close())}
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx={4}>
              <Dialog.Header>
                <Dialog.Title>{t('cancel.title', { referenceNo })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text>{t('cancel.warning')}</Text>
                  <Field.Root required invalid={missing}>
                    <Field.Label>{t('cancel.reason')}</Field.Label>
                    <Textarea
                      value={reason}
                      maxLength={FIELD_LIMITS.cancelReason}
                      onChange={(event) => {
                        setReason(event.target.value);
                        if (event.target.value.trim()) setMissing(false);
                      }}
                      data-testid="cancel-application-reason"
                    />
                    <Field.HelperText>
                      {t('cancel.count', {
                        count: reason.length,
                        max: FIELD_LIMITS.cancelReason,
                      })}
                    </Field.HelperText>
                    {missing ? (
                      <Field.ErrorText>{t('cancel.reasonRequired')}</Field.ErrorText>
                    ) : null}
                  </Field.Root>
                  {problem?.changed ? (
                    <ChangedNotice
                      title={t('cancel.changed')}
                      action={
                        <Button
                          size="sm"
                          onClick={() => {
                            close();
                            onReload();
                          }}
                        >
                          {t('cancel.reload')}
                        </Button>
                      }
                    />
                  ) : problem ? (
                    <ErrorNotice title={problem.message ?? t('cancel.failed')} />
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t('cancel.keep')}
                </Button>
                <Button
                  colorPalette="red"
                  loading={busy}
                  onClick={() => void confirm()}
                  data-testid="cancel-application-confirm"
                >
                  {t('cancel.confirm')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
