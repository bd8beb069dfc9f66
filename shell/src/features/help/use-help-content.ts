import './help-translations';

import { useBrand, useLanguage, useT } from '@lending/platform';

import { formatDate } from '../layout/footer';

export interface HelpSection {
  heading: string;
  paragraphs: string[];
}

/** The help copy is shared by both tenants; brand facts are filled in here. */
export function useHelpContent<T>(key: string): T {
  const { t } = useT('help');
  const brand = useBrand();
  const language = useLanguage();
  const { company } = brand;
  return t(key, {
    returnObjects: true,
    brandName: brand.displayName,
    legalName: company.legalName,
    registrationNo: company.registrationNo,
    licenceNo: company.moneylenderLicenceNo,
    licenceValidFrom: formatDate(company.licenceValidFrom, language),
    licenceValidTo: formatDate(company.licenceValidTo, language),
    contactEmail: company.contactEmail,
    address: company.addressLines.join(', '),
  }) as T;
}
