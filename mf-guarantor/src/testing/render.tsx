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

import en from '../locales/en/mf-guarantor.json';
import ms from '../locales/ms/mf-guarantor.json';

/** Renders a screen's content the way the remote's root does: brand, theme, translations and a
 *  router. */
export function renderInRemote(
  children: ReactNode,
  path = '/guarantor-signing/identity-verification',
) {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-guarantor', { en, ms });
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </PlatformRoot>,
  );
}
