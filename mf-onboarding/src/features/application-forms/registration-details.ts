import type { Application, ApplicationSection, RegistrationDetails } from '@lending/contracts';
import { registrationApi } from '@lending/platform';
import { useEffect, useState } from 'react';

/** Before a section is first saved, it starts from what was given at registration, so nobody
 *  types the business's or their own details twice. Undefined while being read; null when there
 *  is nothing to start from (the section is saved, or the registration could not be read: the
 *  form then simply starts empty). */
export function useRegistrationDetails(
  application: Application,
  section: ApplicationSection,
): RegistrationDetails | null | undefined {
  const saved = application.sections[section] !== null;
  const [details, setDetails] = useState<RegistrationDetails | null | undefined>(
    saved ? null : undefined,
  );
  useEffect(() => {
    if (saved) {
      setDetails(null);
      return undefined;
    }
    let live = true;
    registrationApi.details().then(
      (found) => live && setDetails(found),
      () => live && setDetails(null),
    );
    return () => {
      live = false;
    };
  }, [saved]);
  return details;
}
