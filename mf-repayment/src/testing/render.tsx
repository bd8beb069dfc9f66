// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import { brandStore, registerTranslations } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

import en from '../locales/en/mf-repayment.json';
import ms from '../locales/ms/mf-repayment.json';

/** Renders a screen's content the way the remote's root does: brand, theme, translations and a
 *  router. */
export function renderInRemote(children: ReactNode, path = '/request-e-invoice') {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-repayment', { en, ms });
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </PlatformRoot>,
  );
}
