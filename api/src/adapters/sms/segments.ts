// How a text message travels: in the GSM 7-bit alphabet when every character is in it (160
// characters in one message, 153 a part when it is split), otherwise in UCS-2 (70 in one, 67 a
// part). Malay is written in the Latin alphabet, but typographic quotes and dashes (the ’ of our
// own wording) are not GSM characters and would halve what fits: they are written plainly first.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the GSM extension table: each takes two of the 160. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
};

/** The most parts one message may take; longer text is refused before anything is sent. */
export const MAX_PARTS = 6;

export interface SmsEncoding {
  text: string;
  unicode: boolean;
  /** How many messages the network carries it in. */
  parts: number;
}

function gsmLength(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) length += 1;
    else if (GSM_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

export function encodeSms(body: string): SmsEncoding {
  const plain = body.replace(
    /[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0]/g,
    (c) => PLAIN[c]!,
  );
  const gsm = gsmLength(plain);
  if (gsm !== null) {
    return { text: plain, unicode: false, parts: gsm <= 160 ? 1 : Math.ceil(gsm / 153) };
  }
  // UCS-2 counts UTF-16 code units: a character beyond the basic plane takes two.
  const units = body.length;
  return { text: body, unicode: true, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}
