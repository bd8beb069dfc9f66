import type { Language } from '@lending/contracts';
import i18next, { type i18n as I18n } from 'i18next';

import { bus } from '../bus/event-bus';
import platformEn from '../locales/en/platform.json';
import platformMs from '../locales/ms/platform.json';
import { readStored, STORAGE_KEYS, writeStored } from '../session/storage';

export const LANGUAGES: readonly Language[] = ['EN', 'MS'];

/** `language=EN|MS` in the URL or storage; Malay is also written BM, bm or ms. */
export function parseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'en') return 'EN';
  if (v === 'ms' || v === 'bm') return 'MS';
  return null;
}

const toI18next = (language: Language) => (language === 'MS' ? 'ms' : 'en');

export type Translations = { en: Record<string, unknown>; ms: Record<string, unknown> };

function createI18n(): I18n {
  const instance = i18next.createInstance();
  const initial = parseLanguage(readStored(STORAGE_KEYS.language)) ?? 'EN';
  void instance.init({
    lng: toI18next(initial),
    fallbackLng: false,
    supportedLngs: ['en', 'ms'],
    ns: ['platform'],
    defaultNS: 'platform',
    resources: { en: { platform: platformEn }, ms: { platform: platformMs } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export const i18n = createI18n();

/** Each package adds its own namespace when it starts; adding it twice is harmless. */
export function registerTranslations(namespace: string, translations: Translations): void {
  i18n.addResourceBundle('en', namespace, translations.en, true, true);
  i18n.addResourceBundle('ms', namespace, translations.ms, true, true);
}

export function currentLanguage(): Language {
  return i18n.language === 'ms' ? 'MS' : 'EN';
}

/** The cookie the server reads to send a page already in the visitor's language. */
export const LANGUAGE_COOKIE = 'language';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function rememberForServer(language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** The language stored on this device, if any. */
export function storedLanguage(): Language | null {
  return parseLanguage(readStored(STORAGE_KEYS.language));
}

/** Takes the language a page was rendered in, without storing it: hydration must start from
 *  what the page shows. */
export function adoptPageLanguage(language: Language): void {
  if (currentLanguage() !== language) void i18n.changeLanguage(toI18next(language));
}

export function setLanguage(language: Language): void {
  writeStored(STORAGE_KEYS.language, language);
  rememberForServer(language);
  if (currentLanguage() === language) return;
  void i18n.changeLanguage(toI18next(language));
  if (typeof document !== 'undefined') document.documentElement.lang = toI18next(language);
  bus.emit('language.changed', { language });
}
