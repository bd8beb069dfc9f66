// The server side of the shell's public pages: built for Node without federation, run once at
// build time for each page and language (see prerender.mjs).
import brand from '@brand';
import type { Language } from '@lending/contracts';
import { adoptPageLanguage, brandStore, registerTranslations } from '@lending/platform';
import { HOLD_EARLY_SUBMIT } from '@lending/ui/forms';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { preloadInitialPage } from './app/app';
import { PUBLIC_PAGES } from './app/public-pages';
import { ShellTree } from './app/shell-tree';
import shellEn from './locales/en/shell.json';
import shellMs from './locales/ms/shell.json';

brandStore.set(brand);
registerTranslations('shell', { en: shellEn, ms: shellMs });

export { HOLD_EARLY_SUBMIT, PUBLIC_PAGES };
export const brandName = brand.displayName;

/** The markup of one page as a visitor nobody knows yet sees it. */
export async function renderPage(path: string, language: Language): Promise<string> {
  await adoptPageLanguage(language);
  await preloadInitialPage(path, '');
  return renderToString(
    <ShellTree router={(children) => <StaticRouter location={path}>{children}</StaticRouter>} />,
  );
}
