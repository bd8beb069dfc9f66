/** The languages an error can be answered in: the product's two. */
export type AnswerLanguage = 'en' | 'ms';

/**
 * The reader's language from an Accept-Language header (`ms`, `ms-MY`, `en-GB;q=0.8, ms;q=0.9`):
 * the first of the product's languages by weight, ties in the order written, else English.
 */
export function answerLanguage(header: string | string[] | undefined): AnswerLanguage {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return 'en';
  const ranked = text
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return {
        language: tag.trim().toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranked) {
    if (language === 'ms') return 'ms';
    if (language === 'en') return 'en';
  }
  return 'en';
}
