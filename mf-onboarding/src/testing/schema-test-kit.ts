import { i18n, registerTranslations } from '@lending/platform';

import type { Translate } from '../journey/form-schema';
import remoteEn from '../locales/en/mf-onboarding.json';
import en from '../locales/en/onboarding-application.json';
import remoteMs from '../locales/ms/mf-onboarding.json';
import ms from '../locales/ms/onboarding-application.json';

registerTranslations('onboarding-application', { en, ms });
registerTranslations('mf-onboarding', { en: remoteEn, ms: remoteMs });
const english = i18n.getFixedT('en', 'onboarding-application');
const malay = i18n.getFixedT('ms', 'onboarding-application');
export const t: Translate = (key, options) => String(english(key, options as never));
export const tMs: Translate = (key, options) => String(malay(key, options as never));

export const TODAY = new Date('2026-03-01T04:00:00Z');

/** The error messages a schema gives for a value, keyed by field path ('' when none). */
export async function errorsOf(
  schema: { validate: (value: unknown, options: object) => Promise<unknown> },
  value: unknown,
): Promise<string[]> {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}
