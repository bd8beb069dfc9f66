import { nameIn } from '@lending/domain';
import { masterApi, useLanguage } from '@lending/platform';
import { queryKeys, useServerQuery } from '@lending/platform/query';

type Named = { id: number; name: string; nameMs?: string | null };

export type MasterListName =
  'banks' | 'races' | 'nationalities' | 'relationships' | 'naturesOfBusiness' | 'loanReasons';

function useList(name: MasterListName): Named[] {
  const query = useServerQuery({
    queryKey: queryKeys.master.list(name),
    queryFn: () => masterApi[name]() as Promise<Named[]>,
    // Reference data: the same for the page's life.
    staleTime: Infinity,
  });
  return query.data ?? [];
}

/** Names of the master-data ids an application holds, in the current language; the id itself
 *  while a list is loading or when it is not in the list. */
export function useMasterNames(): (list: MasterListName, id: number | null | undefined) => string {
  const language = useLanguage();
  const lists: Record<MasterListName, Named[]> = {
    banks: useList('banks'),
    races: useList('races'),
    nationalities: useList('nationalities'),
    relationships: useList('relationships'),
    naturesOfBusiness: useList('naturesOfBusiness'),
    loanReasons: useList('loanReasons'),
  };
  return (list, id) => {
    if (id === null || id === undefined) return '-';
    const item = lists[list].find((one) => one.id === id);
    return item ? nameIn(language, item) : String(id);
  };
}
