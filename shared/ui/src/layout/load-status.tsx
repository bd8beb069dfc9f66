import { Alert, Button, Center, Spinner, Text } from '@chakra-ui/react';
import { useT } from '@lending/platform';
import { type ReactNode, useEffect, useRef } from 'react';

export interface LoadStatusProps {
  /** Nothing to show yet. */
  loading: boolean;
  /** Why the load failed (the API's message); an empty message shows the general one. */
  error: string | null;
  onRetry: () => void;
  /** What is being loaded, e.g. "Loading your documents…"; "Loading…" otherwise. */
  loadingLabel?: ReactNode;
  /** The failure's heading, e.g. "Your documents could not be loaded". */
  errorTitle?: ReactNode;
  retryLabel?: ReactNode;
}

/** How every screen that loads data shows it is loading, that the load failed (with the server's
 *  reason) and a way to try again. Renders nothing once the data is there. */
export function LoadStatus({
  loading,
  error,
  onRetry,
  loadingLabel,
  errorTitle,
  retryLabel,
}: LoadStatusProps) {
  const { t } = useT('ui');
  const statusRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const retried = useRef(false);
  const failed = error !== null && !loading;

  useEffect(() => {
    // The Retry button goes away while loading again: keep a keyboard user's place instead of
    // dropping focus to the top of the page, then hand it back if the load fails again.
    if (!retried.current) return;
    if (loading) statusRef.current?.focus();
    else if (failed) retryRef.current?.focus();
    else retried.current = false;
  }, [loading, failed]);

  if (loading) {
    return (
      <Center py={10} role="status" aria-live="polite" ref={statusRef} tabIndex={-1}>
        <Spinner marginEnd={3} />
        <Text>{loadingLabel ?? t('loading')}</Text>
      </Center>
    );
  }
  if (!failed) return null;
  return (
    <Alert.Root status="error" role="alert" data-testid="load-failed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{errorTitle ?? t('load.failedTitle')}</Alert.Title>
        <Alert.Description>{error || t('load.failedBody')}</Alert.Description>
      </Alert.Content>
      <Button
        ref={retryRef}
        size="sm"
        variant="outline"
        onClick={() => {
          retried.current = true;
          onRetry();
        }}
      >
        {retryLabel ?? t('load.retry')}
      </Button>
    </Alert.Root>
  );
}
