import type { BrandPack } from '@lending/contracts';

import eligibilityAge from './assets/eligibility-age.svg';
import eligibilityBusiness from './assets/eligibility-business.svg';
import eligibilityIncome from './assets/eligibility-income.svg';
import eligibilityTurnover from './assets/eligibility-turnover.svg';
import hero from './assets/hero.svg';
import logoPrimary from './assets/logo-primary.svg';
import logoWhite from './assets/logo-white.svg';

/** The first tenant, the default build. */
const arkcash: BrandPack = {
  id: 'arkcash',
  displayName: 'ArkCash',
  theme: {
    primary: '#001529',
    secondaryFill: '#0500bb',
    onSecondaryFill: '#ffffff',
    accentText: '#0500bb',
    link: '#0500bb',
    hover: '#2440d8',
    secondaryText: '#4a5568',
    footerText: '#e2e8f0',
    stepsBackground: '#eef1ff',
    stepsText: '#001529',
    statusCardBackground: '#f7f8ff',
    statusCardShadow: '0 4px 16px rgba(0, 21, 41, 0.12)',
  },
  logos: { white: logoWhite, primary: logoPrimary },
  images: { eligibilityAge, eligibilityBusiness, eligibilityTurnover, eligibilityIncome, hero },
  company: {
    legalName: 'ArkCash Credit Sdn. Bhd.',
    tradingName: 'ArkCash',
    registrationNo: '201901012345 (1321587-W)',
    // KPKT style: the last group is the expiry date as DDMMYY.
    moneylenderLicenceNo: 'WL6512/14/01-6/240727',
    licenceValidFrom: '2025-07-25',
    licenceValidTo: '2027-07-24',
    addressLines: [
      'Level 12, Menara Ark',
      'No. 8, Jalan Sultan Ismail',
      '50250 Kuala Lumpur',
      'Wilayah Persekutuan Kuala Lumpur',
    ],
    contactEmail: 'hello@arkcash.com.my',
    marketingSiteUrl: 'https://www.arkcash.com.my',
    messagingUrl: 'https://wa.me/60321234567',
    social: {
      facebook: 'https://www.facebook.com/arkcash.my',
      instagram: 'https://www.instagram.com/arkcash.my',
    },
    businessHours: {
      en: 'Monday to Friday, 9.00 am to 6.00 pm (closed on public holidays)',
      ms: 'Isnin hingga Jumaat, 9.00 pagi hingga 6.00 petang (tutup pada cuti umum)',
    },
  },
};

export default arkcash;
