/** The pages anyone may see, rendered to HTML at build time for each language so they show
 *  before any script has run. */
export const PUBLIC_PAGES = [
  '/',
  '/about-us',
  '/faq',
  '/legal-terms',
  '/contact-us',
  '/reset-password-request',
] as const;

/** Set on the page's root element when the page came rendered: the app then hydrates it. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
