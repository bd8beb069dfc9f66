// The lender's particulars printed in the first schedule, per brand. The same values the brand
// packs show on the web (brands/src/<tenant>/index.ts); the licence is the KPKT one in force.
import type { TenantId } from '@lending/contracts';

export interface LenderParticulars {
  legalName: string;
  registrationNo: string;
  licenceNo: string;
  addressLines: string[];
}

export const LENDERS: Record<TenantId, LenderParticulars> = {
  arkcash: {
    legalName: 'ArkCash Credit Sdn. Bhd.',
    registrationNo: '201901012345 (1321587-W)',
    licenceNo: 'WL6512/14/01-6/240727',
    addressLines: [
      'Level 12, Menara Ark',
      'No. 8, Jalan Sultan Ismail',
      '50250 Kuala Lumpur',
      'Wilayah Persekutuan Kuala Lumpur',
    ],
  },
  redcash: {
    legalName: 'RedCash Lending Sdn. Bhd.',
    registrationNo: '202001023456 (1376543-K)',
    licenceNo: 'WL7031/14/01-5/150327',
    addressLines: [
      'Suite 21-3, Menara Merah',
      'No. 3, Jalan Tun Razak',
      '50400 Kuala Lumpur',
      'Wilayah Persekutuan Kuala Lumpur',
    ],
  },
};
