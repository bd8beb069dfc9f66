// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import { PUBLISHED_FIGURES_PATHS, type PublishedFigures } from '@lending/contracts';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { installFakeApi } from '@lending/platform/src/testing/fake-api';
import { PlatformRoot } from '@lending/ui';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

import en from '../../locales/en/shell.json';
import ms from '../../locales/ms/shell.json';
import { usePublishedFiguresHeld } from '../company/use-published-figures';
import { LandingPage } from '../landing/landing-page';
import { AboutPage } from './about-page';
import { FaqPage } from './faq-page';

jest.setTimeout(30_000);

// Not the shipped defaults, so a figure written into the copy cannot pass for one published.
const FIGURES: PublishedFigures = {
  rates: {
    securedAnnualRateBp: 1100,
    unsecuredAnnualRateBp: 1500,
    simulatorMonthlyRateBp: 140,
    lateChargeAnnualRateBp: 700,
  },
  fees: {
    attestationFeeSecuredBp: 1000,
    attestationFeeUnsecuredBp: 600,
    stampDutySenPerThousand: 400,
    loanProtectionServiceTaxBp: 600,
  },
};

let api: ReturnType<typeof installFakeApi>;
function serve(answer: PublishedFigures | 'refused') {
  usePublishedFiguresHeld.forget();
  api = installFakeApi((request) => {
    if (!request.url.endsWith(PUBLISHED_FIGURES_PATHS.current)) return { status: 404, body: {} };
    return answer === 'refused' ? { status: 503, body: {} } : { status: 200, body: answer };
  });
}

function show(page: ReactNode) {
  brandStore.set(brands.arkcash);
  registerTranslations('shell', { en, ms });
  render(
    <PlatformRoot>
      <MemoryRouter>{page}</MemoryRouter>
    </PlatformRoot>,
  );
}

afterEach(() => {
  api.restore();
  setLanguage('EN');
});

describe('the landing rate card', () => {
  it('quotes the lowest published rate, after a loading state with no number', async () => {
    serve(FIGURES);
    show(<LandingPage />);
    const card = screen.getByTestId('landing-fact-rate');
    expect(card.textContent).toBe('Loading…');
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('From 11% p.a.')).toBe(card);
    expect(card.getAttribute('aria-busy')).toBeNull();
  });

  it('quotes it in Malay too', async () => {
    setLanguage('MS');
    serve({ ...FIGURES, rates: { ...FIGURES.rates, securedAnnualRateBp: 1250 } });
    show(<LandingPage />);
    expect(await screen.findByText('Dari 12.5% setahun')).toBeTruthy();
  });

  it('says where the rate is shown when the figures cannot be read, never a built-in rate', async () => {
    serve('refused');
    show(<LandingPage />);
    const card = screen.getByTestId('landing-fact-rate');
    expect(await screen.findByText('Shown before you accept')).toBe(card);
    expect(card.textContent).not.toMatch(/\d/);
  });
});

describe('the FAQ and About pages', () => {
  const answerTo = (question: string) =>
    screen.getByText(question).closest('[data-testid="faq-item"]')?.textContent ?? '';

  it('quote the published rates and fees and work the examples out from them', async () => {
    serve(FIGURES);
    show(<FaqPage />);
    expect(answerTo('What interest rate will I pay?')).toContain(
      'The current rates and fees are loading…',
    );
    await screen.findByText(/11% a year for secured loans and 15% a year for unsecured/);
    expect(answerTo('How is my monthly instalment calculated?')).toContain(
      'RM10,000 at 15% a year for 12 months carries interest of RM1,500, so you repay RM11,500: 11 instalments of RM958.33 and a last instalment of RM958.37',
    );
    expect(answerTo('Which fees are deducted from my loan?')).toContain(
      'The attestation fee is 10% of the approved amount for a secured loan or 6% for an unsecured loan',
    );
    expect(answerTo('Which fees are deducted from my loan?')).toContain(
      'Stamp duty on the agreement is RM4 for every RM1,000',
    );
    expect(answerTo('Which fees are deducted from my loan?')).toContain(
      'the attestation fee is RM600 and stamp duty is RM40, so RM9,360 is paid to you',
    );
    expect(answerTo('What happens if I pay late?')).toContain('A late charge of 7% a year applies');
    expect(answerTo('What happens if I pay late?')).toContain(
      'an instalment of RM958.33 paid 10 days late carries a late charge of RM1.84',
    );
    expect(answerTo('What is loan protection insurance? Do I have to take it?')).toContain(
      'the 6% service tax on it are shown before you decide; for example, a premium of RM200 carries RM12 of service tax',
    );
    expect(document.body.textContent).not.toMatch(/16\.8%|\b12% a year|RM973/);
  });

  it('quote them in Malay too', async () => {
    setLanguage('MS');
    serve(FIGURES);
    show(<FaqPage />);
    expect(
      await screen.findByText(
        /11% setahun untuk pinjaman bercagar dan 15% setahun untuk pinjaman tanpa cagaran/,
      ),
    ).toBeTruthy();
    expect(document.body.textContent).toContain(
      'fi pengakuan ialah RM600 dan duti setem ialah RM40',
    );
  });

  it('say the figures could not be read rather than showing old ones', async () => {
    serve('refused');
    show(<AboutPage />);
    expect(
      await screen.findByText(/The current rates and fees could not be loaded just now/),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/% a year/);
  });

  it('About quotes the published rates', async () => {
    serve(FIGURES);
    show(<AboutPage />);
    expect(
      await screen.findByText(/11% a year for secured loans and 15% a year for unsecured loans/),
    ).toBeTruthy();
  });
});
