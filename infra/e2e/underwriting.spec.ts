import { expect, type Page, test } from '@playwright/test';

import { field, wordsOf } from './onboarding-support';
import { createStaff, signInStaffInPage } from './staff-support';
import {
  answerPsychometricTest,
  chooseDecision,
  confirmDecision,
  decideWithNote,
  expectFileStatus,
  homeCard,
  personOn,
  queueRow,
  signInApplicant,
  submitPsychometricTest,
  submitThroughApi,
  takeFromQueue,
  type UnderwritingWords,
  underwritingWords,
} from './underwriting-support';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A translated text with one of its values left open: any text stands in for it. */
function withAny(w: UnderwritingWords, key: string, values: Record<string, string | number>) {
  const open = Object.keys(values).find((name) => values[name] === '*')!;
  const [before, after] = w(key, { ...values, [open]: '\u0000' }).split('\u0000');
  return new RegExp(`${escapeRegExp(before!)}.+${escapeRegExp(after!)}`);
}

/** "Approvals: 1 of 2 (settings version …)", whatever the version of the settings. */
const approvalsLine = (w: UnderwritingWords, done: number, levels: number) =>
  withAny(w, 'decisions.offer.levels', { done, levels, version: '*' });

/** A signed-in approver opens the file (where the officer's link leads) and approves it. */
async function approve(
  page: Page,
  w: UnderwritingWords,
  fileUrl: string,
  { done, levels }: { done: number; levels: number },
) {
  await page.goto(fileUrl);
  const offer = page.getByTestId('offer-card');
  await expect(offer).toContainText(approvalsLine(w, done, levels));
  // At 12 % a year the fees take the all-in rate past the cap: the offer is flagged for
  // compliance review, and approving it takes the approver's word that they reviewed it.
  await expect(offer.getByTestId('compliance-flag')).toHaveText(
    w('decisions.offer.complianceReview'),
  );
  const panel = await chooseDecision(page, w, 'APPROVE');
  await panel.getByRole('button', { name: w('decisions.form.continue'), exact: true }).click();
  await expect(panel.getByText(w('decisions.form.complianceRequired'))).toBeVisible();
  await panel.getByText(w('decisions.form.complianceReviewed'), { exact: true }).click();
  await expect(
    panel.getByRole('checkbox', { name: w('decisions.form.complianceReviewed') }),
  ).toBeChecked();
  await panel.getByRole('button', { name: w('decisions.form.continue'), exact: true }).click();
  await confirmDecision(page, w, 'APPROVE');
}

test('EN, desktop: taken, psychometric test, recommended, approved by two, approved at home', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const w = underwritingWords('EN');
  const officer = await createStaff(request, ['CREDIT_OFFICER']);
  const firstApprover = await createStaff(request, ['APPROVER']);
  const secondApprover = await createStaff(request, ['APPROVER']);
  // RM30,000: above the RM20,000 band of one approver, so two must approve.
  const applicant = await submitThroughApi(request, { language: 'EN', amountSen: 3_000_000 });

  const home = await personOn(browser);
  await signInApplicant(home.page, w, applicant);
  const pending = await homeCard(home.page);
  await expect(pending.getByRole('heading', { level: 2 })).toHaveText(
    w('loanStatus.home.states.PENDING_APPROVAL.title'),
  );

  const desk = await personOn(browser);
  await signInStaffInPage(desk.page, officer);
  await takeFromQueue(desk.page, w, applicant.referenceNo);
  await expectFileStatus(desk.page, w, 'PENDING');
  const fileUrl = desk.page.url();
  await decideWithNote(desk.page, w, 'REQUEST_PSYCHOMETRIC_TEST');
  await expectFileStatus(desk.page, w, 'PSYCHOMETRIC_TEST');

  const asked = await homeCard(home.page);
  await expect(asked.getByRole('heading', { level: 2 })).toHaveText(
    w('loanStatus.home.states.REQUESTED_FOR_PSYCHOMETRIC_TEST.title'),
  );
  await asked
    .getByRole('link', { name: w('loanStatus.home.states.REQUESTED_FOR_PSYCHOMETRIC_TEST.action') })
    .click();
  await expect(home.page).toHaveURL(/\/psychometric-test\/start$/);
  const startedAt = await answerPsychometricTest(home.page);
  // While the applicant reads, the file still waits for the test, and the approvers sign in.
  await desk.page.reload();
  await expectFileStatus(desk.page, w, 'PSYCHOMETRIC_TEST');
  const first = await personOn(browser);
  await signInStaffInPage(first.page, firstApprover);
  const second = await personOn(browser);
  await signInStaffInPage(second.page, secondApprover);
  await submitPsychometricTest(home.page, w, startedAt);

  // Back with the officer, who recommends terms the server prices before they are confirmed.
  await desk.page.reload();
  await expectFileStatus(desk.page, w, 'PENDING');
  const panel = await chooseDecision(desk.page, w, 'RECOMMEND');
  await panel.getByLabel(w('decisions.form.amount')).fill('30000');
  await panel.getByLabel(w('decisions.form.tenure')).fill('12');
  await panel.getByLabel(w('decisions.form.rate')).fill('12');
  await panel.getByRole('button', { name: w('decisions.form.calculate') }).click();
  const figures = panel.getByTestId('offer-figures');
  await expect(figures).toContainText(w('decisions.offer.instalment'));
  await expect(figures).toContainText(w('decisions.offer.allInRate'));
  await panel.getByRole('button', { name: w('decisions.form.continue'), exact: true }).click();
  await confirmDecision(desk.page, w, 'RECOMMEND');
  await expectFileStatus(desk.page, w, 'SUBMITTED_FOR_APPROVAL_1');
  // Approving is not the officer's to do.
  await expect(
    desk.page.getByRole('button', { name: w('decisions.decisions.APPROVE'), exact: true }),
  ).toHaveCount(0);

  await approve(first.page, w, fileUrl, { done: 0, levels: 2 });
  await expectFileStatus(first.page, w, 'SUBMITTED_FOR_APPROVAL_2');
  // Four eyes: having approved once, the first approver has nothing more to decide here.
  await expect(first.page.getByTestId('decision-panel')).toContainText(
    w('decisions.whyNot.alreadyApprovedLevel', { level: 1, next: 2 }),
  );

  await approve(second.page, w, fileUrl, { done: 1, levels: 2 });
  await expectFileStatus(second.page, w, 'APPROVED');

  const approved = await homeCard(home.page);
  await expect(approved.getByRole('heading', { level: 2 })).toHaveText(
    w('loanStatus.home.states.APPROVED.title'),
  );
  await expect(approved).toContainText(w('loanStatus.home.states.APPROVED.body'));

  for (const person of [home, desk, first, second]) await person.context.close();
});

test('MS, 375 px: a section referred back is fixed, alone, and submitted again', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const staffWords = underwritingWords('EN');
  const w = underwritingWords('MS');
  const form = wordsOf('MS');
  const officer = await createStaff(request, ['CREDIT_OFFICER']);
  const applicant = await submitThroughApi(request, { language: 'MS', amountSen: 1_500_000 });
  const reason = 'Nombor akaun tidak sepadan dengan penyata bank yang dimuat naik.';

  const desk = await personOn(browser);
  await signInStaffInPage(desk.page, officer);
  await takeFromQueue(desk.page, staffWords, applicant.referenceNo);
  const panel = await chooseDecision(desk.page, staffWords, 'REFER_BACK');
  const item = panel.getByRole('group', {
    name: staffWords('decisions.referback.item', { number: 1 }),
  });
  await item.getByLabel(staffWords('decisions.referback.target')).selectOption({
    label: staffWords('decisions.referback.section', {
      name: staffWords('decisions.sections.disbursement'),
    }),
  });
  await item.getByLabel(staffWords('decisions.referback.reason')).fill(reason);
  await panel
    .getByRole('button', { name: staffWords('decisions.form.continue'), exact: true })
    .click();
  await confirmDecision(desk.page, staffWords, 'REFER_BACK');
  await expectFileStatus(desk.page, staffWords, 'REFERBACK');

  const phone = await personOn(browser, { width: 375, height: 812 });
  await signInApplicant(phone.page, w, applicant);
  const card = await homeCard(phone.page);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(
    w('loanStatus.home.states.REFERBACK.title'),
  );
  const referred = card.getByTestId('referred-items');
  await expect(referred).toContainText(reason);
  await referred
    .getByRole('link', { name: w('loanStatus.home.referred.section.disbursement') })
    .click();
  await expect(phone.page).toHaveURL(/\/application\/disbursement-details$/);

  // The referred section opens again, with the reason beside it.
  const disbursement = phone.page.getByRole('form', {
    name: form('application.sections.disbursement'),
  });
  await expect(phone.page.getByTestId('referback-notice')).toContainText(reason);
  await field(disbursement, form('application.labels.accountNumber')).fill('3198765439');
  await disbursement.getByRole('button', { name: form('application.common.save') }).click();
  // Saving the part referred back returns to the application, not into a part that is locked.
  await expect(phone.page).toHaveURL(/\/application$/);

  // Every other part stays as it was submitted.
  await phone.page.goto('/application/company-details');
  await expect(
    phone.page.getByText(form('application.referback.notReferred')).first(),
  ).toBeVisible();
  await expect(
    phone.page.getByRole('button', { name: form('application.common.save') }),
  ).toHaveCount(0);

  // Resubmitted in one step from the application: no documents, summary or identity again.
  await phone.page.goto('/application');
  const acknowledgement = form('application.summary.acknowledgement');
  await phone.page.getByText(acknowledgement, { exact: true }).click();
  await expect(phone.page.getByRole('checkbox', { name: acknowledgement })).toBeChecked();
  await phone.page
    .getByRole('button', { name: form('application.referback.resubmit.button') })
    .click();
  await expect(phone.page).not.toHaveURL(/\/application$/);
  const overflow = await phone.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const resubmitted = await homeCard(phone.page);
  await expect(resubmitted.getByRole('heading', { level: 2 })).toHaveText(
    w('loanStatus.home.states.PENDING_APPROVAL.title'),
  );

  await desk.page.reload();
  await expectFileStatus(desk.page, staffWords, 'PENDING');
  const row = await queueRow(desk.page, staffWords, applicant.referenceNo);
  await expect(row).toContainText(staffWords('queue.status.PENDING'));

  for (const person of [desk, phone]) await person.context.close();
});

test('after a rejection the applicant lands on /not-allow-new-loan from anything that starts a loan', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const w = underwritingWords('EN');
  const officer = await createStaff(request, ['CREDIT_OFFICER']);
  const applicant = await submitThroughApi(request, { language: 'EN', amountSen: 1_000_000 });

  const home = await personOn(browser);
  await signInApplicant(home.page, w, applicant);

  const desk = await personOn(browser);
  await signInStaffInPage(desk.page, officer);
  await takeFromQueue(desk.page, w, applicant.referenceNo);
  const panel = await chooseDecision(desk.page, w, 'REJECT');
  await panel
    .getByLabel(w('decisions.form.reason'))
    .fill('Bank statements show the business cannot service the instalment.');
  await expect(panel.getByLabel(w('decisions.form.banKind'))).toHaveValue('REJECTION');
  await panel.getByRole('button', { name: w('decisions.form.continue'), exact: true }).click();
  await confirmDecision(desk.page, w, 'REJECT');
  await expectFileStatus(desk.page, w, 'REJECTED');

  const notAllowed = w('shell.account.notAllowed.title');
  for (const where of ['/home', '/application', '/psychometric-test/start', '/']) {
    await home.page.goto(where);
    await expect(home.page).toHaveURL(/\/not-allow-new-loan$/);
    await expect(home.page.getByRole('heading', { name: notAllowed })).toBeVisible();
  }
  // The page says until when. The applicant's own records stay open: the rejected application
  // in their loan history, on a reload too.
  await expect(home.page.getByTestId('not-allow-new-loan-date')).toHaveText(
    withAny(w, 'shell.account.notAllowed.body', { date: '*' }),
  );
  await home.page.getByRole('link', { name: w('shell.account.notAllowed.history') }).click();
  await expect(home.page).toHaveURL(/\/loan-history$/);
  await expect(home.page.getByText(applicant.referenceNo)).toBeVisible();
  await home.page.reload();
  await expect(home.page.getByText(applicant.referenceNo)).toBeVisible();
  await home.page.goto('/not-allow-new-loan');
  // The way on is to sign out.
  await home.page.getByRole('link', { name: w('shell.account.notAllowed.signOut') }).click();
  await expect(home.page.getByTestId('header-login')).toBeVisible();

  // Signing in again leads there too.
  await signInApplicant(home.page, w, applicant, /\/not-allow-new-loan$/);
  await expect(home.page.getByRole('heading', { name: notAllowed })).toBeVisible();

  for (const person of [home, desk]) await person.context.close();
});
