import type { BrandPack } from '@lending/contracts';

import eligibilityAge from './assets/eligibility-age.svg';
import eligibilityBusiness from './assets/eligibility-business.svg';
import eligibilityIncome from './assets/eligibility-income.svg';
import eligibilityTurnover from './assets/eligibility-turnover.svg';
import hero from './assets/hero.svg';
import logoPink from './assets/logo-pink.svg';
import logoPrimary from './assets/logo-primary.svg';
import logoWhite from './assets/logo-white.svg';

/** The second tenant: it serves the telecom provider's customers (their first login and the
 *  postpaid eligibility rule apply only here). */
const redcash: BrandPack = {
  id: 'redcash',
  displayName: 'RedCash',
  theme: {
    primary: '#00179A',
    // Fixed by the specification. White on #FF4700 is only 3.41:1, short of WCAG AA (4.5:1) for
    // button text: the fill keeps its colour and carries dark text (#001529, 5.40:1); as text on
    // white the orange is deepened (#c23600, 5.50:1).
    secondaryFill: '#FF4700',
    onSecondaryFill: '#001529',
    accentText: '#c23600',
    link: '#0f2fd0',
    hover: '#c23600',
    secondaryText: '#4a5568',
    footerText: '#ffffff',
    stepsBackground: '#fff3ec',
    stepsText: '#00179A',
    statusCardBackground: '#fffaf7',
    statusCardShadow: '0 4px 16px rgba(0, 23, 154, 0.14)',
  },
  logos: { white: logoWhite, primary: logoPrimary, pink: logoPink },
  images: { eligibilityAge, eligibilityBusiness, eligibilityTurnover, eligibilityIncome, hero },
  company: {
    legalName: 'RedCash Lending Sdn. Bhd.',
    tradingName: 'RedCash',
    registrationNo: '202001023456 (1376543-K)',
    // KPKT style: the last group is the expiry date as DDMMYY.
    moneylenderLicenceNo: 'WL7031/14/01-5/150327',
    licenceValidFrom: '2025-03-16',
    licenceValidTo: '2027-03-15',
    addressLines: [
      'Suite 21-3, Menara Merah',
      'No. 3, Jalan Tun Razak',
      '50400 Kuala Lumpur',
      'Wilayah Persekutuan Kuala Lumpur',
    ],
    contactEmail: 'support@redcash.com.my',
    marketingSiteUrl: 'https://www.redcash.com.my',
    messagingUrl: 'https://wa.me/60327654321',
    social: {
      facebook: 'https://www.facebook.com/redcash.my',
      instagram: 'https://www.instagram.com/redcash.my',
    },
    businessHours: {
      en: 'Monday to Friday, 9.00 am to 6.00 pm; Saturday, 9.00 am to 1.00 pm',
      ms: 'Isnin hingga Jumaat, 9.00 pagi hingga 6.00 petang; Sabtu, 9.00 pagi hingga 1.00 petang',
    },
  },
};

export default redcash;
