// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { EligibilityCheckResponse } from '@lending/contracts';
import {
  ApiError,
  brandStore,
  registerTranslations,
  registrationApi,
  session,
  setLanguage,
} from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';

import screensEn from '../../locales/en/mf-onboarding.json';
import en from '../../locales/en/onboarding-registration.json';
import screensMs from '../../locales/ms/mf-onboarding.json';
import ms from '../../locales/ms/onboarding-registration.json';
import { readEligibility } from './eligibility-answer';
import { EligibilityPage } from './eligibility-page';

jest.setTimeout(30_000);

const ANSWER: EligibilityCheckResponse = {
  eligible: true,
  rules: [],
  limits: {
    minAge: 20,
    maxAge: 65,
    minBusinessAgeMonths: 12,
    minAnnualTurnoverSen: 6_000_000,
    minGrossMonthlyIncomeSen: 150_000,
    minTelecomPostpaidMonths: 6,
  },
};

function show() {
  brandStore.set(brands.redcash);
  registerTranslations('onboarding-registration', { en, ms });
  registerTranslations('mf-onboarding', { en: screensEn, ms: screensMs });
  setLanguage('EN');
  render(
    <PlatformRoot>
      <EligibilityPage />
    </PlatformRoot>,
  );
}

function answerTheQuestions() {
  fireEvent.change(screen.getByRole('combobox', { name: /Malaysian citizen/ }), {
    target: { value: 'yes' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /NRIC number/ }), {
    target: { value: '900101-14-5677' },
  });
  fireEvent.change(screen.getByLabelText(/Date the business was established/), {
    target: { value: '2020-01-01' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /Annual turnover/ }), {
    target: { value: '120000' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /Gross monthly income/ }), {
    target: { value: '3000' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Check eligibility' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  session.clear();
});

describe('the eligibility check of a telecom customer', () => {
  it("sends the line's proof instead of asking for the postpaid start date", async () => {
    session.setApplicantTokens({ accessToken: 'a', refreshToken: 'r', redOneJwt: 'line-proof' });
    const check = jest.spyOn(registrationApi, 'checkEligibility').mockResolvedValue(ANSWER);
    show();
    expect(screen.getByTestId('postpaid-from-telecom').textContent).toBe(
      'Your postpaid tenure is taken from your telecom account.',
    );
    expect(screen.queryByRole('checkbox', { name: /postpaid mobile account/ })).toBeNull();
    answerTheQuestions();
    await waitFor(() => expect(check).toHaveBeenCalled());
    const request = check.mock.calls[0]![0];
    expect(request.redOneJwt).toBe('line-proof');
    expect(request).not.toHaveProperty('telecomPostpaidSince');
  });

  it('asks the question after all once the proof has expired', async () => {
    session.setApplicantTokens({ accessToken: 'a', refreshToken: 'r', redOneJwt: 'old-proof' });
    const message = 'Your telecom sign-in has expired, please sign in again';
    const check = jest.spyOn(registrationApi, 'checkEligibility').mockRejectedValue(
      new ApiError(
        message,
        'ERR_BAD_REQUEST',
        {},
        {
          status: 401,
          data: { statusCode: 401, error: 'Unauthorized', message, code: 'UNAUTHENTICATED' },
          headers: {},
          config: {},
        },
      ),
    );
    show();
    answerTheQuestions();
    await waitFor(() => expect(check).toHaveBeenCalled());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /postpaid mobile account/ })).toBeTruthy();
    expect(screen.queryByTestId('postpaid-from-telecom')).toBeNull();
  });

  it('asks a customer who signed in by email for the postpaid start date', () => {
    show();
    expect(screen.getByRole('checkbox', { name: /postpaid mobile account/ })).toBeTruthy();
  });
});

describe('what the eligibility check keeps', () => {
  it('keeps none of the answers in the browser, only the outcome for the result page', async () => {
    jest.spyOn(registrationApi, 'checkEligibility').mockResolvedValue(ANSWER);
    show();
    answerTheQuestions();
    await waitFor(() => expect(registrationApi.checkEligibility).toHaveBeenCalled());
    await waitFor(() => expect(window.sessionStorage.length).toBeGreaterThan(0));
    const kept = [window.sessionStorage, window.localStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => storage.getItem(key) ?? ''),
    );
    for (const typed of ['900101', '145677', '2020-01-01', '12000000', '300000']) {
      expect(kept.join(' ')).not.toContain(typed);
    }
    expect(readEligibility()?.response).toEqual(ANSWER);
  });
});
