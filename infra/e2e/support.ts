import { expect, type Page } from '@playwright/test';

/** The screen a remote renders, once the shell has composed it. */
export function remoteScreen(page: Page, remote: string, screenId: string) {
  return page.locator(`[data-remote="${remote}"] [data-testid="screen-${screenId}"]`);
}

export function fallback(page: Page, remote: string) {
  return page.locator(`[data-testid="remote-fallback"][data-remote="${remote}"]`);
}

export async function expectShellIntact(page: Page) {
  await expect(page.locator('header')).toBeVisible();
  await expect(page.getByTestId('footer')).toBeVisible();
  await expect(page.getByTestId('copyright')).toContainText(String(new Date().getFullYear()));
}

/** Moves within the single-page app the way a link would, without reloading the page. */
export async function clientNavigate(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
  }, to);
}

/** Holds back every script of the page until the returned function is called: the page is drawn
 *  and its scripts are still on their way, as on a slow phone. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until the drawn page is the app's: before that a link is a plain page load, which
 *  starts at the top of a new document rather than at the heading of an in-app move. */
export async function appReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
}
