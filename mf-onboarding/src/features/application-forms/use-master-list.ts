import { useEffect, useState } from 'react';
import { useLanguage } from '@lending/platform';
import { nameIn } from '@lending/domain';
import type { SelectOption } from '@lending/ui';

interface Named {
  id: number;
  code?: string | number;
  name: string;
  nameMs?: string;
  needsOtherText?: boolean;
}

export interface MasterList<T> {
  items: T[];
  failed: boolean;
}

/** One drop-down list from the master API, loaded once per page. */
export function useMasterList<T>(load: () => Promise<T[]>): MasterList<T> {
  const [list, setList] = useState<MasterList<T>>({ items: [], failed: false });
  useEffect(() => {
    let cancelled = false;
    load().then(
      (items) => !cancelled && setList({ items, failed: false }),
      () => !cancelled && setList({ items: [], failed: true }),
    );
    return () => {
      cancelled = true;
    };
    // The loader is a stable master API function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return list;
}

/** Options in the current language (nameMs for Bahasa Melayu), valued by `id` or by `code`. */
export function useOptions<T extends Named>(
  items: readonly T[],
  valueOf: (item: T) => string | number = (item) => item.id,
): SelectOption[] {
  const language = useLanguage();
  return items.map((item) => ({
    value: String(valueOf(item)),
    label: nameIn(language, item),
  }));
}

/** Ids (as strings) of the items that ask for free text when chosen. */
export function needingOther(items: readonly Named[]): string[] {
  return items.filter((item) => item.needsOtherText).map((item) => String(item.id));
}
