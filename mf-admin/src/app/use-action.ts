import { errorMessage } from '@lending/platform';
import { useState } from 'react';

/** Runs an action, shows its failure in the reader's language, then reloads what it changed. */
export function useAction(reload: () => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      reload();
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, failure, run };
}
