import type { BrandPack, Language } from '@lending/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';

import { accountStore, type AccountSummary } from '../account/account-store';
import { brandStore } from '../brand/brand-store';
import { currentLanguage, i18n } from '../i18n/i18n';
import { type Session, session } from '../session/session-store';

/** Reads the latest value of a stream that emits synchronously on subscribe (a BehaviorSubject). */
export function useObservable<T>(source: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = source.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [source]);
  return value;
}

function subscribeTo<T>(source: Observable<T>) {
  return (onChange: () => void) => {
    const subscription = source.subscribe(onChange);
    return () => subscription.unsubscribe();
  };
}

const subscribeSession = subscribeTo(session.changes);
const subscribeBrand = subscribeTo(brandStore.changes);
const subscribeAccount = subscribeTo(accountStore.changes);

export function useAccount(): AccountSummary {
  return useSyncExternalStore(subscribeAccount, () => accountStore.current);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, () => session.current);
}

export function useBrand(): BrandPack {
  const brand = useSyncExternalStore(subscribeBrand, () => brandStore.current);
  if (!brand) throw new Error('No brand set: the shell or the standalone harness sets it at start');
  return brand;
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return instance.language === 'ms' ? 'MS' : currentLanguage();
}

/** Translations of one namespace; every package reaches i18next only through here. */
export function useT(namespace: string | string[]) {
  return useTranslation(namespace, { i18n });
}
