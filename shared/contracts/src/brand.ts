export const TENANTS = ['arkcash', 'redcash'] as const;
export type TenantId = (typeof TENANTS)[number];

/** Colour tokens of one tenant (spec section 3: theme tokens and extras). */
export interface BrandTheme {
  primary: string;
  /** The fill of the main actions (buttons), and the steps done. */
  secondaryFill: string;
  /** Text and icons on the secondary fill: readable on it (WCAG AA), which white is not on every
   *  brand's fill. */
  onSecondaryFill: string;
  /** The secondary colour as text on white (a heading's eyebrow): the fill itself where it is
   *  dark enough, a deeper shade of it where not. */
  accentText: string;
  link: string;
  hover: string;
  secondaryText: string;
  footerText: string;
  stepsBackground: string;
  stepsText: string;
  statusCardBackground: string;
  statusCardShadow: string;
}

export interface LocalisedText {
  en: string;
  ms: string;
}

export interface CompanyInfo {
  legalName: string;
  tradingName: string;
  /** Companies Act registration number, new and old format. */
  registrationNo: string;
  moneylenderLicenceNo: string;
  /** ISO dates (YYYY-MM-DD) of the licence validity period. */
  licenceValidFrom: string;
  licenceValidTo: string;
  addressLines: string[];
  contactEmail: string;
  /** The brand's external marketing site: the logo's target for a logged-out visitor. */
  marketingSiteUrl: string;
  /** Messaging link (WhatsApp) shown on the contact page. */
  messagingUrl: string;
  social: { facebook: string; instagram: string };
  businessHours: LocalisedText;
}

/** Image map: URLs (emitted by the shell build) that remotes read at run time. */
export interface BrandImages {
  eligibilityAge: string;
  eligibilityBusiness: string;
  eligibilityTurnover: string;
  eligibilityIncome: string;
  hero: string;
}

export interface BrandPack {
  id: TenantId;
  /** Name shown to users, e.g. in the title and copyright line. */
  displayName: string;
  theme: BrandTheme;
  logos: { white: string; primary: string; pink?: string };
  images: BrandImages;
  company: CompanyInfo;
}
