declare const __BRAND__: string;
declare const __BUILD_ID__: string;
declare const __APP_NAME__: string;
/** The brand's phone number as the platform ships it (company settings), known at build time. */
declare const __CONTACT_NUMBER__: string | null;
