import type { BrandPack, Language } from '@lending/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';

import { accountStore, type AccountSummary, NO_ACCOUNT } from '../account/account-store';
import { brandStore } from '../brand/brand-store';
import { currentLanguage, i18n } from '../i18n/i18n';
import { type Session, session, SIGNED_OUT } from '../session/session-store';

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

// Public pages are rendered ahead of time for a visitor nobody knows yet: the server snapshots
// say so, and hydration starts from them (without them React gives up hydrating and draws the
// whole page again); the visitor's own state follows right after.
const signedOut = () => SIGNED_OUT;
const noAccount = () => NO_ACCOUNT;
const currentBrand = () => brandStore.current;

export function useAccount(): AccountSummary {
  return useSyncExternalStore(subscribeAccount, () => accountStore.current, noAccount);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, () => session.current, signedOut);
}

export function useBrand(): BrandPack {
  const brand = useSyncExternalStore(subscribeBrand, currentBrand, currentBrand);
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
