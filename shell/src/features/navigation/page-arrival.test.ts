import '@lending/ui/src/testing/jsdom';

import { watchPageArrivals } from './page-arrival';

/** A page the way the shell draws one: a main region whose content a router replaces. */
function drawPage(title: string, height: number) {
  const main = document.getElementById('main-content')!;
  main.innerHTML = `<h1>${title}</h1>`;
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const popped = () =>
  new Promise<void>((resolve) =>
    window.addEventListener('popstate', () => resolve(), { once: true }),
  );

let scrolled: number[];
let stop: () => void;

beforeEach(() => {
  document.body.innerHTML = '<header></header><main id="main-content"></main>';
  window.history.replaceState(null, '', '/faq');
  drawPage('FAQ', 4000);
  scrolled = [];
  window.scrollTo = ((x: number, y: number) => {
    scrolled.push(y);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  }) as typeof window.scrollTo;
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  stop = watchPageArrivals(window);
});
afterEach(() => stop());

function scrollBy(y: number) {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
}

describe('arriving on a page within the app', () => {
  it('starts a new page at its top and moves focus to its heading once drawn', async () => {
    scrollBy(2500);
    scrolled = [];
    window.history.pushState(null, '', '/registration/verification');
    expect(scrolled).toEqual([0]);
    // The remote draws after its code arrives.
    drawPage('Verify your email and mobile number', 900);
    await flush();
    expect(document.activeElement?.textContent).toBe('Verify your email and mobile number');
  });

  it('treats a redirect to another path as a new page too', async () => {
    scrollBy(1200);
    scrolled = [];
    window.history.replaceState(null, '', '/not-allow-new-loan');
    expect(scrolled).toEqual([0]);
  });

  it('stays put when only the query or the anchor changes', () => {
    scrollBy(800);
    scrolled = [];
    window.history.pushState(null, '', '/faq?agreementId=2');
    window.history.replaceState(null, '', '/faq?agreementId=3');
    expect(scrolled).toEqual([]);
  });

  it('leaves focus where the new page put it', async () => {
    window.history.pushState(null, '', '/payment-result');
    drawPage('Payment result', 900);
    const outcome = document.createElement('div');
    outcome.tabIndex = -1;
    document.getElementById('main-content')!.append(outcome);
    outcome.focus();
    await flush();
    expect(document.activeElement).toBe(outcome);
  });

  it('gives the heading focus back when the page draws it again while settling', async () => {
    window.history.pushState(null, '', '/about-us');
    drawPage('About us', 900);
    await flush();
    expect(document.activeElement?.textContent).toBe('About us');
    // A part of the page suspends and React draws it again: the focused heading is gone.
    drawPage('About us', 1200);
    await flush();
    expect(document.activeElement?.tagName).toBe('H1');
    expect(document.activeElement?.isConnected).toBe(true);
  });

  it('stops holding focus on the heading once the reader acts', async () => {
    window.history.pushState(null, '', '/about-us');
    drawPage('About us', 900);
    await flush();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    drawPage('About us', 1200);
    await flush();
    expect(document.activeElement).toBe(document.body);
  });

  it('returns to where the reader was when they go back, once the page is tall enough', async () => {
    scrollBy(2500);
    window.history.pushState(null, '', '/about-us');
    drawPage('About us', 900);
    const back = popped();
    window.history.back();
    await back;
    // Not yet drawn: the old page's height cannot reach the position.
    drawPage('Loading', 300);
    await flush();
    expect(window.scrollY).toBe(0);
    drawPage('FAQ', 4000);
    await flush();
    expect(window.scrollY).toBe(2500);
  });

  it('keeps the routers’ own state in the history', () => {
    window.history.pushState({ usr: null, key: 'abc', idx: 3 }, '', '/contact-us');
    expect(window.history.state).toMatchObject({ usr: null, key: 'abc', idx: 3 });
  });
});
