// The sandbox outbox as a page, in the reader's language: what a real mailbox or phone would have
// received. Server-drawn HTML rather than a remote, since it must work before any remote is built
// and only while the sandbox providers run.
import type { Language, OutboxMessage } from '@lending/contracts';

import { answerLanguage } from '../../http/language';

const WORDS = {
  EN: {
    title: 'Sandbox outbox',
    intro:
      'Emails and text messages the platform would have sent, newest first, below the demo staff’s authenticator codes when there is a demo team. This page exists only while the sandbox providers are in use.',
    recipient: 'Recipient',
    filter: 'Filter',
    nothing: 'Nothing has been sent yet.',
    textMessage: 'Text message',
    to: 'to',
    of: 'of',
    other: 'Bahasa Melayu',
    channels: { email: 'Email', sms: 'SMS', authenticator: 'Authenticator app' },
  },
  MS: {
    title: 'Peti keluar kotak pasir',
    intro:
      'E-mel dan mesej teks yang akan dihantar oleh platform, yang terbaru dahulu, di bawah kod pengesah kakitangan demo jika ada pasukan demo. Halaman ini wujud hanya semasa penyedia kotak pasir digunakan.',
    recipient: 'Penerima',
    filter: 'Tapis',
    nothing: 'Belum ada apa-apa yang dihantar.',
    textMessage: 'Mesej teks',
    to: 'kepada',
    of: 'milik',
    other: 'English',
    channels: { email: 'E-mel', sms: 'SMS', authenticator: 'Aplikasi pengesah' },
  },
} as const;

const LOCALES: Record<Language, string> = { EN: 'en-MY', MS: 'ms-MY' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkify(body: string): string {
  return escape(body).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
}

/** The page's language: `lang` when asked for, else the browser's choice, else English. */
export function outboxLanguage(
  lang: string | undefined,
  acceptLanguage: string | string[] | undefined,
): Language {
  return (lang ?? answerLanguage(acceptLanguage)) === 'ms' ? 'MS' : 'EN';
}

export function outboxPage(input: {
  messages: OutboxMessage[];
  to: string | undefined;
  nonce: string;
  language: Language;
}): string {
  const { messages, to, nonce, language } = input;
  const w = WORDS[language];
  const items = messages
    .map((m) => {
      const at = new Date(m.createdAt).toLocaleString(LOCALES[language], {
        timeZone: 'Asia/Kuala_Lumpur',
      });
      const preposition = m.channel === 'authenticator' ? w.of : w.to;
      return `<article>
  <h2>${escape(m.subject ?? w.textMessage)}</h2>
  <p class="meta">${w.channels[m.channel]} ${preposition} <strong>${escape(m.to)}</strong>, ${escape(at)}</p>
  <pre>${linkify(m.body)}</pre>
</article>`;
    })
    .join('\n');
  const other = new URLSearchParams({
    lang: language === 'EN' ? 'ms' : 'en',
    ...(to ? { to } : {}),
  });
  return `<!doctype html>
<html lang="${language.toLowerCase()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${w.title}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0 auto;max-width:46rem;padding:1rem;color:#1a202c}
article{border:1px solid #cbd5e0;border-radius:8px;padding:0.75rem 1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0.2rem 0}.meta{color:#4a5568;margin:0 0 0.5rem}pre{white-space:pre-wrap;font:inherit}
a{color:#2b6cb0;word-break:break-all}nav{text-align:right}</style></head>
<body><nav><a href="?${escape(other.toString())}" hreflang="${language === 'EN' ? 'ms' : 'en'}">${w.other}</a></nav>
<h1>${w.title}</h1>
<p>${w.intro}</p>
<form method="get"><input type="hidden" name="lang" value="${language.toLowerCase()}"><label>${w.recipient} <input name="to" value="${escape(to ?? '')}" type="text" autocomplete="off"></label> <button>${w.filter}</button></form>
${items || `<p>${w.nothing}</p>`}
</body></html>`;
}
