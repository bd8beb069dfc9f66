// A staff session as a member lives it in the browser: working past the access token's 15
// minutes keeps them signed in (the back office swaps the pair with the server before it ends),
// and 15 minutes without activity signs them out, saying why. The page's clock runs ahead; the
// server's does not, so every swap is a real one.
import { expect as baseExpect, test } from '@playwright/test';

import { createStaff, signInStaffInPage } from './staff-support';

const expect = baseExpect.configure({ timeout: 30_000 });
const MINUTE = 60_000;

test('a member at work stays signed in past the access token; an idle one is signed out', async ({
  browser,
  request,
}) => {
  const member = await createStaff(request, ['APPROVER']);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.clock.install();
  await signInStaffInPage(page, member);
  // Every chunk of the page loaded: the clock moving ahead must not time a download out.
  await page.waitForLoadState('networkidle');
  const first = await page.evaluate(() => localStorage.getItem('staffAccessToken'));

  // Forty minutes of work: the mouse moves every five.
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/arkcash/admin/api/v1.0/auth/refreshToken'))
      refreshes.push(request.url());
  });
  for (let minute = 0; minute < 40; minute += 5) {
    await page.clock.fastForward(5 * MINUTE);
    await page.mouse.move(100 + minute, 200);
    await page.waitForTimeout(300);
  }
  await expect.poll(() => refreshes.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('staff-bar')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('staffAccessToken'))).not.toBe(first);
  // The swapped token opens the next page's data at the server.
  await page.getByRole('link', { name: 'Disbursements' }).click();
  await expect(
    page.getByTestId('no-disbursements').or(page.getByTestId('disbursements')),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Then nothing for 15 minutes: signed out, and the sign-in says why.
  await page.clock.fastForward(15 * MINUTE + 1000);
  await expect(page.getByTestId('signed-out-idle')).toBeVisible();
  await expect(page.getByTestId('staff-bar')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('staffRefreshToken'))).toBeNull();
  await context.close();
});
