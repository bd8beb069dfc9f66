// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { HomeLoanStatusResponse } from '@lending/contracts';
import { brandStore, registerTranslations } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

import en from '../locales/en/mf-loan-status.json';
import ms from '../locales/ms/mf-loan-status.json';

/** Renders a screen's content the way the remote's root does: brand, theme, translations and a
 *  router. */
export function renderInRemote(children: ReactNode, path = '/home') {
  brandStore.set(brands.arkcash);
  registerTranslations('mf-loan-status', { en, ms });
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </PlatformRoot>,
  );
}

/** A home answer as the server gives it; each test changes what its state needs. */
export function homeAnswer(
  overrides: Partial<HomeLoanStatusResponse> = {},
): HomeLoanStatusResponse {
  return {
    status: {
      state: 'READY_TO_CREATE',
      newLoanAllowedAfter: null,
      resumeAt: null,
      interviewScheduled: false,
      directDebitReady: false,
      accountTerminated: false,
    },
    user: { allowToApplyNewLoanAfterDateTime: null, newLoanBlockKind: null },
    application: null,
    agreement: null,
    account: null,
    interview: null,
    referback: null,
    ...overrides,
  };
}
