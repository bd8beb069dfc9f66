// @ts-check
// Renders the shell's public pages to HTML for each language, after the browser and Node builds:
// dist/pages/<language>/<page>.html, compressed beside, and dist/pages/pages.json that tells the
// gateway which pages exist and which inline script they carry.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { compressedCopies } = require('@lending/build/precompress');

const here = path.dirname(fileURLToPath(import.meta.url));
// The browser build's folder: OUT_DIR when the shell was built elsewhere (a second brand).
const dist = process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(here, 'dist');
const pagesDir = path.join(dist, 'pages');
/** @type {{ renderPage: (path: string, language: 'EN' | 'MS') => Promise<string>, PUBLIC_PAGES: readonly string[], HOLD_EARLY_SUBMIT: string }} */
const server = require(path.join(here, 'dist-prerender/prerender.cjs'));

/** A signed-in visitor to `/` belongs on `/home`: sent there before anything is drawn. */
const SIGNED_IN_REDIRECT =
  'try{if(localStorage.getItem("accessToken"))location.replace("/home"+location.search)}catch(e){}';

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const ROOT =
  '<div id="shell-root"><div class="boot" role="status">Loading… / Memuatkan…</div></div>';
if (!template.includes(ROOT)) throw new Error('index.html lacks the #shell-root placeholder');

/** The page file for a path: `/` is index, `/about-us` about-us. */
const fileOf = (/** @type {string} */ page) => (page === '/' ? 'index' : page.slice(1));

/** React puts the preloads of the images a page shows first in its markup; they belong in the
 *  head, where the browser finds them before anything else. */
function splitPreloads(/** @type {string} */ markup) {
  const match = /^(?:<link rel="preload"[^>]*\/>)+/.exec(markup);
  return match
    ? { preloads: match[0], body: markup.slice(match[0].length) }
    : { preloads: '', body: markup };
}

const ENTRY = /<script defer="defer" src="([^"]+)"><\/script>/;
const entry = ENTRY.exec(template)?.[1];
if (!entry) throw new Error('index.html lacks the deferred entry script');
/** A page that is read needs no script, so the app's entry is asked for once the page has
 *  loaded: before that, the network and the main thread belong to the first paint. A page whose
 *  content is a form keeps the entry deferred: its visitor came to type, and the form answers
 *  only once the app has taken the page over (a submit before that is held back, not lost). */
const FORM_PAGES = new Set(['/contact-us', '/reset-password-request']);
for (const page of FORM_PAGES)
  if (!server.PUBLIC_PAGES.includes(page)) throw new Error(`${page} is not a rendered page`);
const START_AFTER_LOAD = `addEventListener("load",function(){var s=document.createElement("script");s.src=${JSON.stringify(entry)};document.head.appendChild(s)})`;

const hashOf = (/** @type {string} */ script) =>
  `sha256-${crypto.createHash('sha256').update(script).digest('base64')}`;

fs.rmSync(pagesDir, { recursive: true, force: true });
/** @type {Record<string, string>} */
const files = {};
for (const language of /** @type {const} */ (['EN', 'MS'])) {
  const folder = path.join(pagesDir, language.toLowerCase());
  fs.mkdirSync(folder, { recursive: true });
  for (const page of server.PUBLIC_PAGES) {
    const { preloads, body } = splitPreloads(await server.renderPage(page, language));
    const redirect = page === '/' ? `<script>${SIGNED_IN_REDIRECT}</script>` : '';
    // After the markup: a form page's script holds back submits of the forms drawn above it.
    const afterMarkup = FORM_PAGES.has(page) ? server.HOLD_EARLY_SUBMIT : START_AFTER_LOAD;
    const html = template
      .replace('<html lang="en">', `<html lang="${language === 'MS' ? 'ms' : 'en'}">`)
      .replace('<head>', `<head>${redirect}`)
      .replace(ENTRY, (tag) => (FORM_PAGES.has(page) ? tag : ''))
      .replace('</head>', `${preloads}</head>`)
      .replace(
        ROOT,
        `<div id="shell-root" data-prerendered>${body}</div><script>${afterMarkup}</script>`,
      )
      // The page is readable without scripts; the notice would only confuse.
      .replace(/<noscript>.*?<\/noscript>/, '');
    const file = path.join(folder, `${fileOf(page)}.html`);
    fs.writeFileSync(file, html);
    const { br, gz } = compressedCopies(html);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    files[page] = fileOf(page);
  }
}
fs.writeFileSync(
  path.join(pagesDir, 'pages.json'),
  JSON.stringify(
    {
      pages: files,
      languages: ['en', 'ms'],
      scriptHashes: [SIGNED_IN_REDIRECT, START_AFTER_LOAD, server.HOLD_EARLY_SUBMIT].map(hashOf),
    },
    null,
    2,
  ),
);
process.stdout.write(`Rendered ${Object.keys(files).length} public pages in 2 languages\n`);
