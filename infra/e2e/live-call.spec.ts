import { expect as baseExpect, test } from '@playwright/test';

import {
  agreementStatus,
  callDay,
  expectNewestMessage,
  freeSlotAt,
  joinMeeting,
  newestAgreement,
  officeHours,
} from './live-call-support';
import { approvedThroughStaffApi } from './offer-support';
import { createStaff, signInStaffInPage, staffSignInThroughApi } from './staff-support';
import { homeCard, personOn, signInApplicant, underwritingWords } from './underwriting-support';

// Several remotes load on a shared machine: each step may take longer than on a quiet one.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('the live-call attestation', () => {
  test('an approved borrower books a call with an officer, moves and cancels it, books again; both join the room, the officer records the outcome and a second person approves (MS)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(6 * 60_000);
    const w = underwritingWords('MS');
    const applicant = await approvedThroughStaffApi(request, 'MS');
    const phone = applicant.person.phone.e164;

    // The officer opens a working day in their calendar from the back office.
    const officer = await createStaff(request, ['CREDIT_OFFICER']);
    const officerApi = await staffSignInThroughApi(request, officer);
    const { date, starts } = callDay(await officeHours(request, officerApi.accessToken));
    const desk = await personOn(browser);
    await signInStaffInPage(desk.page, officer, 'MS');
    await desk.page.goto('/admin/attestation/calendar');
    await desk.page.getByLabel(w('attestation.calendar.openDate'), { exact: true }).fill(date);
    await desk.page.getByTestId('open-day').click();
    await expect(
      desk.page.getByText(w('attestation.calendar.opened', { count: starts.length })),
    ).toBeVisible();

    // The borrower accepts the offer in Bahasa Melayu and chooses the live call.
    const { context, page } = await personOn(browser);
    await signInApplicant(page, w, applicant);
    const approved = await homeCard(page);
    await expect(approved).toHaveAttribute('data-state', 'APPROVED');
    await approved.getByRole('link', { name: w('loanStatus.home.states.APPROVED.action') }).click();
    await expect(page).toHaveURL(/\/loan-status\/approved-loan-amount$/);
    await page.getByRole('button', { name: w('loanStatus.offer.continue') }).click();
    await expect(page).toHaveURL(/\/loan-status\/approved-loan-summary$/);
    await page.getByRole('button', { name: w('loanStatus.offer.accept') }).click();
    await expect(page).toHaveURL(/\/loan-status\/attestation-option$/);
    const agreement = await newestAgreement(page);
    expect(agreement.status).toBe('PENDING_ATTESTATION');
    await expect(page.getByText(w('loanStatus.attestation.option.intro'))).toBeVisible();
    await page
      .getByTestId('option-LIVE_CALL')
      .getByRole('button', { name: w('loanStatus.attestation.option.LIVE_CALL.action') })
      .click();
    await expect(page).toHaveURL(/\/loan-status\/attestation-option\/live-call$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: w('loanStatus.screens.attestationLiveCall.title'),
      }),
    ).toBeVisible();
    await expect(page.getByText(w('loanStatus.attestation.call.intro'))).toBeVisible();

    const picker = page.getByTestId('slot-picker');
    const slot = (id: string) => picker.locator(`input[name="slot"][value="${id}"]`);
    const [first, later, , ...rest] = starts;
    const withdrawn = rest.at(-1)!;
    const firstId = await freeSlotAt(page, agreement.id, first!);
    const laterId = await freeSlotAt(page, agreement.id, later!);
    const withdrawnId = await freeSlotAt(page, agreement.id, withdrawn);
    await expect(slot(withdrawnId)).toBeVisible();

    // The officer takes one time back while the borrower is choosing: the refusal is in Malay
    // and the time leaves the list.
    const removed = await request.delete(`/api/staff/attestation/slots/${withdrawnId}`, {
      headers: { authorization: `Bearer ${officerApi.accessToken}` },
    });
    expect(removed.status()).toBe(204);
    await slot(withdrawnId).check();
    await picker.getByRole('button', { name: w('loanStatus.attestation.call.book') }).click();
    await expect(page.getByText(w('loanStatus.attestation.call.failed'))).toBeVisible();
    await expect(
      page.getByText(w('loanStatus.attestation.errors.SLOT_NOT_BOOKABLE')),
    ).toBeVisible();
    await expect(slot(withdrawnId)).toHaveCount(0);

    // Booked, confirmed by SMS in Malay.
    await slot(firstId).check();
    await picker.getByRole('button', { name: w('loanStatus.attestation.call.book') }).click();
    const booked = page.getByTestId('booked-call');
    await expect(booked).toContainText(w('loanStatus.attestation.call.booked'));
    await expect(booked).toContainText(w('loanStatus.interview.timeZone'));
    expect(await agreementStatus(page, agreement.id)).toBe('REQUESTED_FOR_LIVE_ATTESTATION');
    await expectNewestMessage(request, phone, 'Panggilan video pengakuan anda ditempah pada');

    // Moved to another time.
    await booked.getByRole('button', { name: w('loanStatus.attestation.call.reschedule') }).click();
    await slot(laterId).check();
    await picker.getByRole('button', { name: w('loanStatus.attestation.call.move') }).click();
    await expect(picker).toHaveCount(0);
    await expect(booked).toContainText(w('loanStatus.attestation.call.booked'));
    await expectNewestMessage(request, phone, 'Panggilan video pengakuan anda kini pada');

    // Cancelled, then booked again at the first time, which is free once more.
    await booked.getByRole('button', { name: w('loanStatus.attestation.call.cancel') }).click();
    await expect(booked).toHaveCount(0);
    await expectNewestMessage(request, phone, 'dibatalkan');
    await slot(firstId).check();
    await picker.getByRole('button', { name: w('loanStatus.attestation.call.book') }).click();
    await expect(booked).toContainText(w('loanStatus.attestation.call.booked'));
    await expectNewestMessage(request, phone, 'Panggilan video pengakuan anda ditempah pada');

    // Home says the attestation is under way.
    const waiting = await homeCard(page);
    await expect(waiting).toHaveAttribute('data-state', 'ATTESTATION_OPTION_CHOSEN');
    await expect(waiting).toContainText(
      w('loanStatus.home.states.ATTESTATION_OPTION_CHOSEN.title'),
    );
    await page.goto('/loan-status/attestation-option/live-call');

    // Both sides open the sandbox room from their own link and see each other in it.
    const guestRoom = await joinMeeting(
      page,
      booked.getByRole('link', { name: w('loanStatus.attestation.call.joinLink') }),
    );
    await desk.page.getByLabel(w('attestation.calendar.weekFrom'), { exact: true }).fill(date);
    const call = desk.page
      .getByTestId('calendar')
      .getByRole('listitem')
      .filter({ hasText: agreement.agreementNo });
    await expect(call).toContainText(w('attestation.bookingStatuses.BOOKED'));
    const hostRoom = await joinMeeting(
      desk.page,
      call.getByRole('link', { name: w('attestation.calendar.join') }),
    );
    for (const room of [guestRoom, hostRoom]) {
      await expect(room.locator('#host')).toHaveText(/Dalam bilik/);
      await expect(room.locator('#guest')).toHaveText(/Dalam bilik/);
    }
    await guestRoom.close();
    await hostRoom.close();

    // The officer records the outcome with notes, then completes the attestation.
    const notes = 'Peminjam menerangkan jumlah, ansuran dan caj lewat dengan betul.';
    const outcome = call.getByTestId(/^outcome-/);
    await outcome
      .getByLabel(w('attestation.outcome.label'))
      .selectOption({ label: w('attestation.bookingStatuses.ATTESTED') });
    await outcome.getByLabel(w('attestation.outcome.notes')).fill(notes);
    await outcome.getByRole('button', { name: w('attestation.outcome.save') }).click();
    await expect(call).toContainText(w('attestation.bookingStatuses.ATTESTED'));
    await expect(call).toContainText(notes);
    expect(await agreementStatus(page, agreement.id)).toBe('DONE_LIVE_ATTESTATION');

    const review = w('attestation.review', { agreementNo: agreement.agreementNo });
    await desk.page.goto('/admin/attestation');
    await desk.page.getByRole('button', { name: review }).click();
    const evidence = desk.page.getByTestId('evidence');
    await expect(evidence).toContainText(w('attestation.statuses.DONE_LIVE_ATTESTATION'));
    await expect(evidence).toContainText(notes);
    await evidence.getByRole('button', { name: w('attestation.actions.complete') }).click();
    await expect(evidence).toContainText(w('attestation.statuses.ATTESTATIONCOMPLETED'));
    expect(await agreementStatus(page, agreement.id)).toBe('ATTESTATIONCOMPLETED');

    // Four eyes: the officer who held the call is not offered the approval, and is told why.
    await expect(
      evidence.getByRole('button', { name: w('attestation.actions.approve') }),
    ).toHaveCount(0);
    await expect(evidence.getByTestId('approve-why-not')).toHaveText(
      w('attestation.whyNot.approve.sameStaff'),
    );
    expect(await agreementStatus(page, agreement.id)).toBe('ATTESTATIONCOMPLETED');
    await desk.context.close();

    // A second person approves.
    const approver = await createStaff(request, ['APPROVER']);
    const second = await personOn(browser);
    await signInStaffInPage(second.page, approver, 'MS');
    await second.page.goto('/admin/attestation');
    await second.page.getByRole('button', { name: review }).click();
    const approving = second.page.getByTestId('evidence');
    await expect(approving).toContainText(notes);
    await approving.getByRole('button', { name: w('attestation.actions.approve') }).click();
    await expect(second.page.getByText(w('attestation.approvedNotice'))).toBeVisible();
    await second.context.close();
    expect(await agreementStatus(page, agreement.id)).toBe('RnRApproved');

    // The borrower's status shows the next step: the direct debit, in Malay.
    await page.goto('/loan-status/attestation-option');
    await expect(page.getByTestId('attestation-approved')).toContainText(
      w('loanStatus.attestation.approved.title'),
    );
    const next = await homeCard(page);
    await expect(next).toHaveAttribute('data-state', 'ATTESTATION_COMPLETED');
    await expect(next).toContainText(w('loanStatus.home.states.ATTESTATION_COMPLETED.title'));
    await expect(next).toContainText(w('loanStatus.home.states.ATTESTATION_COMPLETED.next'));
    await next
      .getByRole('link', {
        name: w('loanStatus.home.states.ATTESTATION_COMPLETED.directDebitAction'),
      })
      .click();
    await expect(page).toHaveURL(/\/loan-status\/direct-debit\?agreementId=/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: w('loanStatus.screens.directDebit.title'),
        exact: true,
      }),
    ).toBeVisible();
    await context.close();
  });
});
