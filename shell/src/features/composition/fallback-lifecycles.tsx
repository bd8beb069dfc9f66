import type { RemoteFailureReason } from '@lending/contracts';
import { PlatformRoot, RemoteFallback } from '@lending/ui';
import type { RemoteMountProps } from '@lending/ui/remote';
import { createRoot, type Root } from 'react-dom/client';

/** Stands in for a remote that could not be fetched or was too slow: the same slot, the branded
 *  fallback with retry, and the rest of the page untouched. */
export function fallbackLifecycles(
  remote: string,
  reason: RemoteFailureReason,
  retry: () => Promise<void>,
) {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async ({ domElement }: RemoteMountProps) => {
      if (!domElement) return;
      root = createRoot(domElement);
      root.render(
        <PlatformRoot>
          <RemoteFallback remote={remote} reason={reason} onRetry={retry} />
        </PlatformRoot>,
      );
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}
