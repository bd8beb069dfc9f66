import { registerTranslations } from '@lending/platform';

import en from './locales/en/ui.json';
import ms from './locales/ms/ui.json';

export function registerUiTranslations(): void {
  registerTranslations('ui', { en, ms });
}
