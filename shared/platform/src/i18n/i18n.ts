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

/** A namespace whose languages are files of their own: a page fetches the language it shows, and
 *  the other only when the visitor switches to it. */
export type TranslationLoaders = {
  en: () => Promise<{ default: Record<string, unknown> }>;
  ms: () => Promise<{ default: Record<string, unknown> }>;
};

const loaders = new Map<string, TranslationLoaders>();

/** i18next asks its backend for every namespace a language lacks before it switches to that
 *  language, so a switch shows the new words all at once, never their keys. */
const loadingBackend = {
  type: 'backend' as const,
  init() {},
  read(
    language: string,
    namespace: string,
    done: (error: unknown, data?: Record<string, unknown> | false) => void,
  ) {
    const load = loaders.get(namespace)?.[language === 'ms' ? 'ms' : 'en'];
    if (!load) {
      done(null, {});
      return;
    }
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error, false),
    );
  },
};

/** The cookie the server reads to send a page already in the visitor's language. */
export const LANGUAGE_COOKIE = 'language';

function cookieLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === LANGUAGE_COOKIE) return parseLanguage(value);
  }
  return null;
}

/** The first of the browser's languages the product speaks, as Accept-Language tells the server. */
function browserLanguage(): Language | null {
  if (typeof navigator === 'undefined') return null;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const language = parseLanguage(tag?.split('-')[0]);
    if (language) return language;
  }
  return null;
}

/** The language an app starts in: the one stored on this device, else the one the server chose
 *  the page by (the cookie, which `?language=` and the switch write, then the browser's), else
 *  English. A visitor who follows a link on a rendered page before the app has taken it over
 *  keeps that page's language. */
export function initialLanguage(): Language {
  return (
    parseLanguage(readStored(STORAGE_KEYS.language)) ??
    cookieLanguage() ??
    browserLanguage() ??
    'EN'
  );
}

function createI18n(): I18n {
  const instance = i18next.createInstance().use(loadingBackend);
  const initial = initialLanguage();
  void instance.init({
    lng: toI18next(initial),
    fallbackLng: false,
    supportedLngs: ['en', 'ms'],
    ns: ['platform'],
    defaultNS: 'platform',
    resources: { en: { platform: platformEn }, ms: { platform: platformMs } },
    partialBundledLanguages: true,
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

/** Adds a namespace given as both languages, or as a loader per language (then resolves once the
 *  language in use has arrived). */
export async function addTranslations(
  namespace: string,
  translations: Translations | TranslationLoaders,
): Promise<void> {
  if (typeof translations.en !== 'function') {
    registerTranslations(namespace, translations as Translations);
    return;
  }
  loaders.set(namespace, translations as TranslationLoaders);
  await i18n.loadNamespaces(namespace);
}

/** Adds a namespace that is fetched only when first needed: by `loadTranslations` (a screen's
 *  code and its words then arrive side by side), or by a component asking for its words, which
 *  waits for them. */
export function deferTranslations(
  namespace: string,
  translations: Translations | TranslationLoaders,
): void {
  if (typeof translations.en !== 'function')
    registerTranslations(namespace, translations as Translations);
  else loaders.set(namespace, translations as TranslationLoaders);
}

/** Fetches namespaces added with `deferTranslations`, in the language in use. */
export async function loadTranslations(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length > 0) await i18n.loadNamespaces([...namespaces]);
}

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
export async function adoptPageLanguage(language: Language): Promise<void> {
  if (currentLanguage() !== language) await i18n.changeLanguage(toI18next(language));
}

/** Marks the page with the language its words are in, for screen readers and translation tools.
 *  A page the browser draws starts from the shell's empty page, marked English. */
export function markPageLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toI18next(currentLanguage());
}

export function setLanguage(language: Language): void {
  writeStored(STORAGE_KEYS.language, language);
  rememberForServer(language);
  if (currentLanguage() === language) return;
  const announce = () => {
    markPageLanguage();
    bus.emit('language.changed', { language });
  };
  const switching = i18n.changeLanguage(toI18next(language));
  // The switch is immediate when every namespace has the language; otherwise it waits for the
  // missing files, and so does everything that follows the page's language.
  if (currentLanguage() === language) announce();
  else void switching.then(() => currentLanguage() === language && announce());
}
