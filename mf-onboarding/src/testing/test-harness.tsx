// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { Application } from '@lending/contracts';
import { brandStore, registerTranslations } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

import screensEn from '../locales/en/mf-onboarding.json';
import en from '../locales/en/onboarding-application.json';
import screensMs from '../locales/ms/mf-onboarding.json';
import ms from '../locales/ms/onboarding-application.json';

/** Renders a page's content the way a remote's root does: brand, theme and translations. */
export function renderInPlatform(children: ReactNode) {
  brandStore.set(brands.arkcash);
  registerTranslations('onboarding-application', { en, ms });
  registerTranslations('mf-onboarding', { en: screensEn, ms: screensMs });
  return render(<PlatformRoot>{children}</PlatformRoot>);
}

export function draftApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 'app-1',
    referenceNo: 'AC-2026-000001',
    userId: 'user-1',
    organizationId: 'org-1',
    organizationType: 'SOLE_PROP',
    status: 'DRAFT',
    applicationStatus: 'DRAFT',
    requestedAmountSen: 1_000_000,
    tenureMonths: 12,
    loanReasonId: 1,
    loanReasonOther: null,
    campaignCode: null,
    interestRateBp: 1680,
    estimatedMonthlyInstalmentSen: 97_333,
    progress: [],
    sections: {
      company: null,
      applicant: null,
      disbursement: null,
      emergencyContacts: null,
      directors: null,
    },
    missing: [],
    submittedAt: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}
