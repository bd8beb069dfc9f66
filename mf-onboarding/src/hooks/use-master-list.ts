import { nameIn } from '@lending/domain';
import { masterApi, useLanguage } from '@lending/platform';
import { queryKeys, useServerQuery } from '@lending/platform/query';
import type { SelectOption } from '@lending/ui/forms';

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

type ListLoader<T> = () => Promise<T[]>;

const loaderNames = new Map<unknown, string>(
  Object.entries(masterApi).map(([name, load]) => [load, name]),
);

/** One drop-down list from the master API, loaded once per page and shared by every form that
 *  shows it. */
export function useMasterList<T>(load: ListLoader<T>): MasterList<T> {
  const name = loaderNames.get(load);
  if (!name) throw new Error('useMasterList takes one of the masterApi list loaders');
  const query = useServerQuery({
    queryKey: queryKeys.master.list(name),
    queryFn: load,
    // Reference data: it does not change while someone fills in a form.
    staleTime: Infinity,
  });
  return { items: query.data ?? [], failed: query.isError };
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
