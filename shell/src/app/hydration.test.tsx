import '@lending/ui/src/testing/jsdom';

import { session } from '@lending/platform';
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { renderPage } from '../prerender';
import { PUBLIC_PAGES } from './public-pages';
import { ShellTree } from './shell-tree';

const inBrowserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;
const HYDRATION_WARNING = /hydrat|did not match|server rendered|server html/i;

/** Renders a page as the build does, then lets the browser's app take it over; every warning
 *  React gives about the two not matching is returned. */
async function hydrate(path: string, language: 'EN' | 'MS') {
  const html = await renderPage(path, language);
  document.documentElement.lang = language === 'MS' ? 'ms' : 'en';
  const container = document.createElement('div');
  container.id = 'shell-root';
  container.innerHTML = html;
  document.body.replaceChildren(container);
  const drawn = container.querySelector('h1')?.textContent;
  window.history.replaceState(null, '', path);

  const warnings: string[] = [];
  logged = warnings;
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <ShellTree router={inBrowserRouter} />, {
      onRecoverableError: (error) => warnings.push(String(error)),
    });
  });
  return { warnings, drawn, container, unmount: () => act(() => root?.unmount()) };
}

/** Where React's warnings of the current test go. The footer's phone number is fetched from an
 *  API that is not there in these tests; that failure says nothing about hydration. */
let logged: string[] = [];

// Rendering and hydrating a whole page takes seconds on a busy machine.
jest.setTimeout(60_000);

describe('public pages rendered at build time', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    logged = [];
    consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      const message = args.map(String).join(' ');
      if (HYDRATION_WARNING.test(message)) logged.push(message);
    });
  });
  afterEach(() => {
    consoleError.mockRestore();
    localStorage.clear();
    session.refresh();
  });

  it.each(PUBLIC_PAGES.flatMap((path) => [[path, 'EN'] as const, [path, 'MS'] as const]))(
    '%s in %s hydrates without a single mismatch',
    async (path, language) => {
      const { warnings, drawn, container, unmount } = await hydrate(path, language);
      expect(warnings).toEqual([]);
      expect(drawn).toBeTruthy();
      expect(container.querySelector('h1')?.textContent).toBe(drawn);
      await unmount();
    },
  );

  it.each(['/', '/contact-us'])(
    '%s is built with the company’s phone number in its footer: nothing moves when the app starts',
    async (path) => {
      const html = await renderPage(path, 'EN');
      const page = document.createElement('div');
      page.innerHTML = html;
      expect(page.querySelector('[data-testid="footer-phone"]')?.textContent).toContain(
        '+60 3-2123 4567',
      );
      const { warnings, container, unmount } = await hydrate(path, 'EN');
      expect(warnings).toEqual([]);
      expect(container.querySelector('[data-testid="footer-phone"]')?.textContent).toContain(
        '+60 3-2123 4567',
      );
      await unmount();
    },
  );

  it('hydrates a signed-in visitor from the page as drawn, then shows their own header', async () => {
    localStorage.setItem('accessToken', 'token');
    localStorage.setItem('refreshToken', 'refresh');
    session.refresh();
    const { warnings, container, unmount } = await hydrate('/about-us', 'EN');
    expect(warnings).toEqual([]);
    // Drawn for nobody in particular; the visitor's own state follows right after.
    expect(container.querySelector('[data-testid="header-login"]')).toBeNull();
    await unmount();
  });

  it('draws the login and language links so they work before the app runs', async () => {
    const html = await renderPage('/faq', 'EN');
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('[data-testid="header-login"]')?.getAttribute('href')).toBe(
      '/faq?showLogin=true',
    );
    const malay = [...page.querySelectorAll('a')].find((a) => a.textContent === 'Bahasa Melayu');
    expect(malay?.getAttribute('href')).toBe('/faq?language=MS');
  });
});
