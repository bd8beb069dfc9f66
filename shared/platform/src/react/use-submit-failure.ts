import { useCallback, useState } from 'react';

import { errorMessage } from '../api/api-client';

/** The failure of a form's last submission: cleared as the next one starts, set from whatever
 *  that one threw (by default the server's message first, spec section 8). */
export function useSubmitFailure(describe: (error: unknown) => string = errorMessage) {
  const [failure, setFailure] = useState<string | null>(null);
  /** Runs one submission; tells whether it went through. */
  const attempt = useCallback(
    async (submission: () => Promise<void>): Promise<boolean> => {
      setFailure(null);
      try {
        await submission();
        return true;
      } catch (error) {
        setFailure(describe(error));
        return false;
      }
    },
    [describe],
  );
  return { failure, attempt };
}
