import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect as baseExpect, test } from '@playwright/test';

import { watchAttestationVideo } from './journey-support';
import { approvedThroughStaffApi } from './offer-support';
import { createStaff, signInStaffInPage, staffSignInThroughApi } from './staff-support';
import {
  expectFileStatus,
  homeCard,
  personOn,
  signInApplicant,
  submitThroughApi,
  underwritingWords,
} from './underwriting-support';

// Several remotes load on a shared machine: each step may take longer than on a quiet one.
const expect = baseExpect.configure({ timeout: 30_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
/** A six-second video made for this test, so that the page plainly plays the new one. */
const NEW_VIDEO = path.join(here, 'fixtures/attestation-video-6s.mp4');
const SHIPPED_MS_VIDEO = path.join(repoRoot, 'api/assets/attestation/video-ms.mp4');

test.describe('the back office acts, the applicant sees it', () => {
  test('an admin cancels an application from its file with a reason; the applicant sees it cancelled (BM)', async ({
    browser,
    request,
  }) => {
    const staffWords = underwritingWords('EN');
    const w = underwritingWords('MS');
    const applicant = await submitThroughApi(request, { language: 'MS', amountSen: 2_000_000 });
    const admin = await createStaff(request, ['ADMIN']);
    const staff = await personOn(browser);
    await signInStaffInPage(staff.page, admin);

    await staff.page.goto(`/admin/applications/${applicant.applicationId}`);
    await staff.page.getByTestId('cancel-application').click();
    const dialog = staff.page.getByRole('alertdialog');
    await expect(
      dialog.getByText(staffWords('caseFile.cancel.title', { referenceNo: applicant.referenceNo })),
    ).toBeVisible();
    // No reason, no cancellation: the dialog says so and stays open.
    await dialog.getByRole('button', { name: staffWords('caseFile.cancel.confirm') }).click();
    await expect(dialog.getByText(staffWords('caseFile.cancel.reasonRequired'))).toBeVisible();
    await dialog
      .getByLabel(staffWords('caseFile.cancel.reason'))
      .fill('The applicant asked us by phone to stop');
    await dialog.getByRole('button', { name: staffWords('caseFile.cancel.confirm') }).click();
    await expect(dialog).toHaveCount(0);
    await expectFileStatus(staff.page, staffWords, 'CANCELLED');
    await staff.context.close();

    const borrower = await personOn(browser, { width: 375, height: 800 });
    await signInApplicant(borrower.page, w, applicant);
    const card = await homeCard(borrower.page);
    await expect(card).toHaveAttribute('data-state', 'REMOVED');
    await expect(card).toContainText(w('loanStatus.home.states.REMOVED.title'));
    await expect(
      card.getByRole('link', { name: w('loanStatus.home.states.REMOVED.action') }),
    ).toBeVisible();
    await borrower.context.close();
  });

  test('an admin replaces the Malay attestation video; the applicant video page plays the new one (BM)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(4 * 60_000);
    const staffWords = underwritingWords('EN');
    const w = underwritingWords('MS');
    const admin = await createStaff(request, ['ADMIN']);
    const staff = await personOn(browser);
    await signInStaffInPage(staff.page, admin);
    try {
      await staff.page.goto('/admin/videos');
      const malay = staff.page.getByTestId('video-MS');
      await expect(malay).toContainText(staffWords('attestation.videos.shipped'));
      await malay.getByLabel(staffWords('attestation.videos.file')).setInputFiles(NEW_VIDEO);
      await malay.getByRole('button', { name: staffWords('attestation.videos.replace') }).click();
      await expect(
        staff.page.getByText(
          staffWords('attestation.videos.replaced', {
            language: staffWords('attestation.languages.MS'),
          }),
        ),
      ).toBeVisible();
      await expect(malay).toContainText(staffWords('attestation.videos.uploaded'));
      await expect(malay).toContainText(staffWords('attestation.videos.length', { seconds: 6 }));
      await staff.context.close();

      const applicant = await approvedThroughStaffApi(request, 'MS');
      const { context, page } = await personOn(browser, { width: 375, height: 800 });
      await signInApplicant(page, w, applicant);
      const approvedCard = await homeCard(page);
      await approvedCard
        .getByRole('link', { name: w('loanStatus.home.states.APPROVED.action') })
        .click();
      await expect(page).toHaveURL(/\/loan-status\/approved-loan-amount$/);
      await page.getByRole('button', { name: w('loanStatus.offer.continue') }).click();
      await expect(page).toHaveURL(/\/loan-status\/approved-loan-summary$/);
      await page.getByRole('button', { name: w('loanStatus.offer.accept') }).click();
      await expect(page).toHaveURL(/\/loan-status\/attestation-option$/);
      await page
        .getByTestId('option-VIDEO')
        .getByRole('button', { name: w('loanStatus.attestation.option.VIDEO.action') })
        .click();
      await expect(page).toHaveURL(/\/loan-status\/attestation-option\/video$/);

      // The player holds the replacement (six seconds, not the shipped minute), and the server
      // times the viewing against the same video to its end.
      const video = page.getByTestId('attestation-video');
      await expect(video).toBeVisible();
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration))
        .toBeCloseTo(6, 0);
      await watchAttestationVideo(page);
      await context.close();
    } finally {
      // Later journeys watch the shipped video: put it back as the current one.
      const { accessToken } = await staffSignInThroughApi(request, admin);
      const restored = await request.put('/api/staff/attestation/video/MS', {
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'video/mp4' },
        data: readFileSync(SHIPPED_MS_VIDEO),
      });
      expect(restored.ok()).toBe(true);
    }
  });
});
