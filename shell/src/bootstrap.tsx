import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import brand from '@brand';
import { brandStore, registerTranslations } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { App } from './app/app';
import shellEn from './locales/en/shell.json';
import shellMs from './locales/ms/shell.json';
import helpEn from './locales/en/help.json';
import helpMs from './locales/ms/help.json';

brandStore.set(brand);
registerTranslations('shell', { en: shellEn, ms: shellMs });
registerTranslations('help', { en: helpEn, ms: helpMs });

const container = document.getElementById('shell-root');
if (!container) throw new Error('index.html lacks #shell-root');

createRoot(container).render(
  <PlatformRoot>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </PlatformRoot>,
);
