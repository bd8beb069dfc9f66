import { firstValueFrom, take } from 'rxjs';

import { bus } from '../bus/event-bus';
import { currentLanguage, i18n, parseLanguage, registerTranslations, setLanguage } from './i18n';

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
});
