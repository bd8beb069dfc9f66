import { registerTranslations } from '@lending/platform';

import helpEn from '../../locales/en/help.json';
import helpMs from '../../locales/ms/help.json';

// Only the help and contact pages read this copy, so it travels with them instead of with the
// landing page.
registerTranslations('help', { en: helpEn, ms: helpMs });
