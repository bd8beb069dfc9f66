import brand from '@brand';
import { brandStore, registerTranslations } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { App, preloadInitialPage } from './app/app';
import shellEn from './locales/en/shell.json';
import shellMs from './locales/ms/shell.json';

brandStore.set(brand);
registerTranslations('shell', { en: shellEn, ms: shellMs });

const container = document.getElementById('shell-root');
if (!container) throw new Error('index.html lacks #shell-root');

const root = createRoot(container);
void preloadInitialPage(window.location.pathname, window.location.search).then(() =>
  root.render(
    <PlatformRoot>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </PlatformRoot>,
  ),
);
