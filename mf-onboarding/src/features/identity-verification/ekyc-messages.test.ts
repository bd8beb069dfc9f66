import en from '../../locales/en/onboarding-identity.json';
import ms from '../../locales/ms/onboarding-identity.json';
import { ekycMessage } from './ekyc-messages';

const MISMATCH =
  'Identity card does not match the application form, please register again and retry';

/** The translation of a dotted key, read from a locale file as i18next would. */
const translate = (locale: unknown) => (key: string) =>
  String(
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale),
  );

describe('the words for a card that does not match the application', () => {
  it('point to the one thing that helps, in English: Start again with the right card', () => {
    const text = ekycMessage(MISMATCH, translate(en));
    expect(text).not.toMatch(/register/i);
    expect(text).toContain(en.start.again);
    expect(text).toContain('identity card whose number you gave in your application');
  });

  it('and in Bahasa Melayu', () => {
    const text = ekycMessage(MISMATCH, translate(ms));
    expect(text).not.toMatch(/daftar/i);
    expect(text).toContain(ms.start.again);
  });
});
