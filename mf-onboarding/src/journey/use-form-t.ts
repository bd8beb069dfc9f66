import { useT } from '@lending/platform';
import { useCallback } from 'react';

import type { Translate } from './form-schema';

/** Translations of the application pages (their own namespace first, then the remote's screen
 *  titles and steps), as the plain function the schemas take. */
export function useFormT(): Translate {
  const { t } = useT(['onboarding-application', 'mf-onboarding']);
  return useCallback(
    (key: string, options?: Record<string, unknown>) => String(t(key as never, options as never)),
    [t],
  );
}
