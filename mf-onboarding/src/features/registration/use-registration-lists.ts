import type { NatureOfBusiness, Race, ReferralSource } from '@lending/contracts';
import { nameIn } from '@lending/domain';
import { errorMessage, masterApi, useLanguage } from '@lending/platform';
import { startTransition, useEffect, useState } from 'react';

export interface MasterLists {
  races: Race[];
  natures: NatureOfBusiness[];
  sources: ReferralSource[];
}

/** A master list as drop-down options, each named in the reader's language. */
export function useListOptions() {
  const language = useLanguage();
  return (items: readonly { id: number; name: string; nameMs?: string }[]) =>
    items.map((item) => ({ value: String(item.id), label: nameIn(language, item) }));
}

/** The drop-down lists of the registration form, or why they could not be loaded. */
export function useRegistrationLists() {
  const [lists, setLists] = useState<MasterLists | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([masterApi.races(), masterApi.naturesOfBusiness(), masterApi.referralSources()])
      // The form is the screen's largest drawing: as a transition it is drawn in slices that
      // leave the main thread free between them, not in one long task.
      .then(([races, natures, sources]) =>
        startTransition(() => setLists({ races, natures, sources })),
      )
      .catch((error: unknown) => setLoadError(errorMessage(error)));
  }, []);
  return { lists, loadError };
}
