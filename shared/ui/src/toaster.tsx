import { createToaster, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import type { EventCatalogue } from '@lending/contracts';

/** One toaster for the page; the shell renders it, anyone may raise a toast through the bus.
 *  At the bottom: at the top, a phone's toasts covered the header (its menu button) and the
 *  heading of the page just opened, each section saved adding one more. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 3 });

/** Raises a toast; the same words raised again while shown are that toast, shown anew, not a
 *  second one (saving one section after another said "Submit Successfully" once per save). */
export function showToast(toast: EventCatalogue['toast.requested']): void {
  toaster.create({
    id: `${toast.status}:${toast.title}:${toast.description ?? ''}`,
    type: toast.status,
    title: toast.title,
    description: toast.description,
  });
}

export function AppToaster() {
  return (
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-status={toast.type}>
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
            {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
          </Stack>
          <Toast.CloseTrigger />
        </Toast.Root>
      )}
    </ChakraToaster>
  );
}
