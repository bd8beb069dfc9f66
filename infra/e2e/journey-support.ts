// The whole journey from approval to a signed agreement: a company borrower (so one director
// guarantees the loan) approved through the staff API, the attestation video watched in real time
// and the explain-back check, the staff review in the back office and the direct debit form.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { formatRinggit } from '../../shared/domain/src/money/money';
import { approvedThroughStaffApi } from './offer-support';
import { type Language, mobile, nric } from './onboarding-support';
import type { Director, SubmittedApplicant } from './underwriting-support';

export type { Director } from './underwriting-support';

/**
 * A company that registered, verified its email, filled every section (one director), uploaded
 * the documents and submitted through the onboarding API, then was approved on `APPROVED_TERMS`
 * by a credit officer and a second person (the approver) through the staff API.
 */
export async function approvedCompanyThroughStaffApi(
  request: APIRequestContext,
  language: Language,
): Promise<ApprovedCompany> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const director: Director = {
    name: `Rahman bin Penjamin ${stamp}`,
    identityCardNo: nric('MALE'),
    phoneNo: mobile().e164,
    email: `director.${stamp}@example.net`,
  };
  const applicant = await approvedThroughStaffApi(request, language, {
    organizationType: 'COMPANY',
    director,
  });
  return { ...applicant, director };
}

export interface ApprovedCompany extends SubmittedApplicant {
  director: Director;
}

/** The player's length the server times a viewing against, and some room for a busy machine. */
const VIDEO_ROOM_MS = 45_000;

/**
 * Plays the attestation video to its end at its real speed and waits for the server to accept
 * the viewing. The server times it from the first "play": nothing here skips ahead. The player is
 * muted because a headless browser has no sound card (and may refuse to play sound unasked).
 */
export async function watchAttestationVideo(page: Page): Promise<void> {
  const video = page.getByTestId('attestation-video');
  await expect(video).toBeVisible();
  const started = page.waitForResponse((response) =>
    /\/api\/attestation\/[\w-]+\/video\/started$/.test(response.url()),
  );
  const durationS = await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    return element.duration;
  });
  const { durationMs } = (await (await started).json()) as { durationMs: number };
  expect(Math.abs(durationS * 1000 - durationMs)).toBeLessThan(1_000);
  const ended = await page.waitForResponse(
    (response) => /\/api\/attestation\/[\w-]+\/video\/ended$/.test(response.url()),
    { timeout: durationMs + VIDEO_ROOM_MS },
  );
  expect(ended.status()).toBe(200);
}

/** The offer's figures the explain-back questions ask about, as the server keeps them. */
export interface KeptFigures {
  netReceivedSen: number;
  monthlyInstalmentSen: number;
  totalRepayableSen: number;
}

/** Answers the four questions with the borrower's own figures and submits. */
export async function passExplainBack(
  page: Page,
  figures: KeptFigures,
  words: { lateCharge: string; submit: string },
): Promise<void> {
  const form = page.getByTestId('explain-back');
  await expect(form).toBeVisible();
  const answers: [string, string][] = [
    ['AMOUNT_RECEIVED', formatRinggit(figures.netReceivedSen)],
    ['MONTHLY_INSTALMENT', formatRinggit(figures.monthlyInstalmentSen)],
    ['TOTAL_REPAYABLE', formatRinggit(figures.totalRepayableSen)],
    ['LATE_PAYMENT', words.lateCharge],
  ];
  for (const [question, choice] of answers) {
    await form
      .getByTestId(`question-${question}`)
      .getByRole('radio', { name: choice, exact: true })
      .check();
  }
  await form.getByRole('button', { name: words.submit }).click();
}

/** The borrower's direct debit form, filled with an account the sandbox bank knows. */
export async function registerDirectDebit(
  page: Page,
  payer: { name: string; identityCardNo: string; bankCode: string; accountNo: string },
  words: (key: string) => string,
): Promise<void> {
  await page.getByLabel(words('directDebit.form.payerName')).fill(payer.name);
  await page
    .getByLabel(words('directDebit.form.payerIdType'))
    .selectOption({ label: words('directDebit.idTypes.NRIC') });
  await page.getByLabel(words('directDebit.form.payerIdNo')).fill(payer.identityCardNo);
  await page.getByLabel(words('directDebit.form.bankCode')).selectOption(payer.bankCode);
  await page.getByLabel(words('directDebit.form.accountNo')).fill(payer.accountNo);
  await page.getByRole('button', { name: words('directDebit.form.submit') }).click();
}
