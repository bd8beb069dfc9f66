import './help-translations';

import { useBrand, useLanguage, useT } from '@lending/platform';

import { usePublishedFigures } from '../company/use-published-figures';
import { formatDate } from '../layout/footer';
import { FIGURE_NAMES, publishedFigureValues } from './published-figure-values';

export interface HelpSection {
  heading: string;
  paragraphs: string[];
}

// Stands in for every figure until the published ones arrive: a sentence that holds it is shown
// as loading rather than with a blank or a number the lender may no longer charge.
const PENDING = '\u0000figure\u0000';
const pendingValues = Object.fromEntries(FIGURE_NAMES.map((name) => [name, PENDING]));

function replacePending(value: unknown, stand: string): unknown {
  if (typeof value === 'string') return value.includes(PENDING) ? stand : value;
  if (Array.isArray(value)) return value.map((item) => replacePending(item, stand));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replacePending(item, stand)]),
    );
  }
  return value;
}

/** The help copy is shared by both tenants; brand facts and the published rates and fees are
 *  filled in here. */
export function useHelpContent<T>(key: string): T {
  const { t } = useT('help');
  const brand = useBrand();
  const language = useLanguage();
  const { figures, failed } = usePublishedFigures();
  const { company } = brand;
  const content = t(key, {
    returnObjects: true,
    brandName: brand.displayName,
    legalName: company.legalName,
    registrationNo: company.registrationNo,
    licenceNo: company.moneylenderLicenceNo,
    licenceValidFrom: formatDate(company.licenceValidFrom, language),
    licenceValidTo: formatDate(company.licenceValidTo, language),
    contactEmail: company.contactEmail,
    address: company.addressLines.join(', '),
    ...(figures ? publishedFigureValues(figures) : pendingValues),
  }) as T;
  if (figures) return content;
  return replacePending(content, t(failed ? 'figures.unavailable' : 'figures.loading')) as T;
}
