// The live-call attestation in a whole-journey spec: the day the officer opens, the borrower's
// free slots and messages as the API gives them, and the sandbox meeting room both sides join.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { addDays, type IsoDate, malaysiaDate } from '../../shared/domain/src/time/calendar-date';
import { bookableSlots, type OfficeHours } from '../../shared/domain/src/time/office-slots';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The office hours the product settings hold now (any staff member may read them). */
export async function officeHours(
  request: APIRequestContext,
  staffToken: string,
): Promise<OfficeHours> {
  const { settings } = await ok<{ settings: { officeHours: OfficeHours } }>(
    await request.get('/api/admin/settings', {
      headers: { authorization: `Bearer ${staffToken}` },
    }),
  );
  return settings.officeHours;
}

/**
 * A working day for the call, two or more Malaysian dates ahead so none of its slots can pass
 * while the spec runs (whatever the hour), with its bookable starts.
 */
export function callDay(hours: OfficeHours): { date: IsoDate; starts: Date[] } {
  const today = malaysiaDate(new Date());
  for (let offset = 2; offset < 14; offset += 1) {
    const date = addDays(today, offset);
    const starts = bookableSlots(date, 1, hours);
    if (starts.length >= 4) return { date, starts };
  }
  throw new Error('no working day with office hours in the next two weeks');
}

async function applicantHeaders(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  return { authorization: `Bearer ${token}` };
}

/** The signed-in applicant's newest agreement, as the server keeps it. */
export async function newestAgreement(
  page: Page,
): Promise<{ id: string; agreementNo: string; status: string }> {
  const headers = await applicantHeaders(page);
  const mine = await ok<{ data: { id: string }[] }>(
    await page.request.get('/api/agreement/me', { headers }),
  );
  return ok(await page.request.get(`/api/agreement/${mine.data[0]!.id}`, { headers }));
}

/** The status of one of the signed-in applicant's agreements. */
export async function agreementStatus(page: Page, agreementId: string): Promise<string> {
  const headers = await applicantHeaders(page);
  return (
    await ok<{ status: string }>(
      await page.request.get(`/api/agreement/${agreementId}`, { headers }),
    )
  ).status;
}

/** The id of the free slot the applicant is offered at `start`. */
export async function freeSlotAt(page: Page, agreementId: string, start: Date): Promise<string> {
  const headers = await applicantHeaders(page);
  const slots = await ok<{ id: string; startsAt: string }[]>(
    await page.request.get(`/api/attestation/${agreementId}/slots`, { headers }),
  );
  const slot = slots.find((one) => one.startsAt === start.toISOString());
  if (!slot) throw new Error(`no free slot offered at ${start.toISOString()}`);
  return slot.id;
}

/** Waits for the newest message to `to` in the sandbox outbox to contain `text`. */
export async function expectNewestMessage(request: APIRequestContext, to: string, text: string) {
  await expect
    .poll(
      async () => {
        const messages = await ok<{ body: string }[]>(
          await request.get(`/arkcash/api/v1.0/sandbox/outbox?to=${encodeURIComponent(to)}`),
        );
        return messages[0]?.body ?? '';
      },
      { message: `a message to ${to} saying "${text}"`, timeout: 10_000 },
    )
    .toContain(text);
}

/**
 * Opens the meeting link `page`'s `link` points to (a new tab, as the link asks) and joins the
 * sandbox room. Returns the room's page, which keeps polling who is in the room.
 */
export async function joinMeeting(page: Page, link: ReturnType<Page['getByRole']>) {
  const opened = page.waitForEvent('popup');
  await link.click();
  const room = await opened;
  await room.waitForLoadState();
  await room.getByRole('button', { name: /Sertai panggilan/ }).click();
  await expect(room.getByRole('status')).toHaveText(/Anda dalam panggilan/);
  return room;
}
