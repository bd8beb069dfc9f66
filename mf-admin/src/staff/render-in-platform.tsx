// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import { brandStore, registerTranslations, session } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';

/** Renders a back-office piece the way the remote's root does: brand, theme and translations. */
export function renderInPlatform(children: ReactNode) {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-admin', { en, ms });
  return render(<PlatformRoot>{children}</PlatformRoot>);
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A staff session as the browser holds it (the page reads who and what from the token). */
export function signInStaffForTest(email: string, roles: string[]) {
  session.setStaffTokens({
    accessToken: `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', email, roles })}.sig`,
    refreshToken: 'refresh',
  });
}
