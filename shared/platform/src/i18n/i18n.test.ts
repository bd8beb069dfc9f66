import { firstValueFrom, take } from 'rxjs';

import { bus } from '../bus/event-bus';
import {
  addTranslations,
  currentLanguage,
  deferTranslations,
  i18n,
  initialLanguage,
  loadTranslations,
  markPageLanguage,
  parseLanguage,
  registerTranslations,
  setLanguage,
} from './i18n';

describe('language', () => {
  afterEach(() => {
    setLanguage('EN');
    localStorage.clear();
  });

  it.each([
    ['EN', 'EN'],
    ['en', 'EN'],
    ['MS', 'MS'],
    ['ms', 'MS'],
    ['BM', 'MS'],
    ['bm', 'MS'],
    [' MS ', 'MS'],
  ])('reads %p as %s', (input, expected) => {
    expect(parseLanguage(input)).toBe(expected);
  });

  it.each([null, undefined, '', 'fr', 'zh'])('ignores %p', (input) => {
    expect(parseLanguage(input)).toBeNull();
  });

  describe('the language an app starts in', () => {
    const languages = jest.spyOn(navigator, 'languages', 'get');
    // Switching back to English after each test writes the cookie again.
    beforeEach(() => {
      document.cookie = 'language=; path=/; max-age=0';
      languages.mockReset();
    });
    afterAll(() => languages.mockRestore());

    it('is the one stored on this device, before the cookie and the browser', () => {
      localStorage.setItem('language', 'EN');
      document.cookie = 'language=MS; path=/';
      languages.mockReturnValue(['ms-MY']);
      expect(initialLanguage()).toBe('EN');
    });

    it('follows the cookie a page was chosen by when nothing is stored', () => {
      document.cookie = 'language=MS; path=/';
      languages.mockReturnValue(['en-US']);
      expect(initialLanguage()).toBe('MS');
    });

    it('marks the page with the language it starts in', async () => {
      document.documentElement.lang = 'en';
      await i18n.changeLanguage('ms');
      markPageLanguage();
      expect(document.documentElement.lang).toBe('ms');
    });

    it("then the browser's first language the product speaks, else English", () => {
      languages.mockReturnValue(['fr-FR', 'ms-MY', 'en-GB']);
      expect(initialLanguage()).toBe('MS');
      languages.mockReturnValue(['fr-FR', 'zh-CN']);
      expect(initialLanguage()).toBe('EN');
    });
  });

  it('stores the language under the key "language" and announces the change', async () => {
    const announced = firstValueFrom(bus.on('language.changed').pipe(take(1)));
    setLanguage('MS');
    expect(localStorage.getItem('language')).toBe('MS');
    expect(currentLanguage()).toBe('MS');
    expect(document.documentElement.lang).toBe('ms');
    await expect(announced).resolves.toEqual({ language: 'MS' });
  });

  it('translates a registered namespace in both languages', () => {
    registerTranslations('sample', { en: { hello: 'Hello' }, ms: { hello: 'Helo' } });
    expect(i18n.t('sample:hello')).toBe('Hello');
    setLanguage('MS');
    expect(i18n.t('sample:hello')).toBe('Helo');
  });

  it('fetches a lazy namespace’s other language only on the switch, and switches once it is in', async () => {
    const fetched: string[] = [];
    let arriveMs: () => void = () => undefined;
    await addTranslations('lazy-sample', {
      en: async () => {
        fetched.push('en');
        return { default: { hello: 'Hello' } };
      },
      ms: () =>
        new Promise((resolve) => {
          fetched.push('ms');
          arriveMs = () => resolve({ default: { hello: 'Helo' } });
        }),
    });
    expect(fetched).toEqual(['en']);
    expect(i18n.t('lazy-sample:hello')).toBe('Hello');

    const announced = firstValueFrom(bus.on('language.changed').pipe(take(1)));
    setLanguage('MS');
    expect(fetched).toEqual(['en', 'ms']);
    // Until the words arrive the page stays wholly in the language it was in.
    expect(currentLanguage()).toBe('EN');
    expect(i18n.t('lazy-sample:hello')).toBe('Hello');
    arriveMs();
    await expect(announced).resolves.toEqual({ language: 'MS' });
    expect(currentLanguage()).toBe('MS');
    expect(document.documentElement.lang).toBe('ms');
    expect(i18n.t('lazy-sample:hello')).toBe('Helo');

    setLanguage('EN');
    expect(currentLanguage()).toBe('EN');
    expect(fetched).toEqual(['en', 'ms']);
  });

  it('fetches a deferred namespace only when a screen asks for it, in the language in use', async () => {
    const fetched: string[] = [];
    deferTranslations('deferred-sample', {
      en: async () => {
        fetched.push('en');
        return { default: { hello: 'Hello' } };
      },
      ms: async () => {
        fetched.push('ms');
        return { default: { hello: 'Helo' } };
      },
    });
    // A switch of language does not fetch it either.
    const announced = firstValueFrom(bus.on('language.changed').pipe(take(1)));
    setLanguage('MS');
    await announced;
    expect(fetched).toEqual([]);

    await loadTranslations(['deferred-sample']);
    expect(fetched).toEqual(['ms']);
    expect(i18n.t('deferred-sample:hello')).toBe('Helo');
  });
});
