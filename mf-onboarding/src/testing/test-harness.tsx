// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { AgreementView, Application, Product, PublishedFigures } from '@lending/contracts';
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

/** The product as the master API answers it, with the seed's figures unless told otherwise. */
export function productOf(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    code: 'SME_FINANCING',
    name: 'SME business financing',
    nameMs: 'Pembiayaan perniagaan PKS',
    minAmountSen: 500_000,
    maxAmountSen: 5_000_000,
    minTenureMonths: 6,
    maxTenureMonths: 24,
    securedRateBp: 1200,
    unsecuredRateBp: 1680,
    simulatorMonthlyRateBp: 150,
    securedAttestationFeeBp: 1200,
    unsecuredAttestationFeeBp: 700,
    stampDutySenPerThousand: 500,
    lateChargeRateBp: 800,
    referralCode: null,
    campaign: null,
    ...overrides,
  };
}

/** What the lender approved: RM8,000 over 12 months at 16.8% a year, flat. */
export function approvedOfferOf(applicationId: string): AgreementView {
  return {
    id: 'agreement-1',
    agreementNo: 'AG-2026-000001',
    applicationId,
    status: 'LOANAPPLICATIONAPPROVED',
    version: 1,
    approvedAmountSen: 800_000,
    amountSen: 800_000,
    tenureMonths: 12,
    annualRateBp: 1680,
    security: 'UNSECURED',
    campaignCode: null,
    capBp: 1800,
    figures: {
      approvedSen: 800_000,
      tenureMonths: 12,
      annualRateBp: 1680,
      security: 'UNSECURED',
      stampDutySen: 4_000,
      attestationFeeSen: 56_000,
      referralWaiverSen: 0,
      netReceivedSen: 740_000,
      totalInterestSen: 134_400,
      totalRepayableSen: 934_400,
      monthlyInstalmentSen: 77_867,
      lastInstalmentSen: 77_863,
      effectiveAnnualRateBp: 1680,
      capViolations: [],
      needsComplianceReview: false,
    },
    instalments: [],
    limits: { minAmountSen: 500_000, maxAmountSen: 800_000 },
    loanProtection: { optedIn: false, deducted: false, available: false, quote: null },
    open: true,
    acceptedAt: null,
    signDate: null,
    cancelledAt: null,
    createdAt: '2026-11-20T00:00:00.000Z',
  };
}

/** The published rates and fees as the API answers them, the shipped defaults unless changed. */
export function publishedFiguresOf(
  rates: Partial<PublishedFigures['rates']> = {},
  fees: Partial<PublishedFigures['fees']> = {},
): PublishedFigures {
  return {
    rates: {
      securedAnnualRateBp: 1200,
      unsecuredAnnualRateBp: 1680,
      simulatorMonthlyRateBp: 150,
      lateChargeAnnualRateBp: 800,
      ...rates,
    },
    fees: {
      attestationFeeSecuredBp: 1200,
      attestationFeeUnsecuredBp: 700,
      stampDutySenPerThousand: 500,
      loanProtectionServiceTaxBp: 800,
      ...fees,
    },
  };
}
