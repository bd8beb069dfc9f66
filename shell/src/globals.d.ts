declare const __BRAND__: string;
declare const __BUILD_ID__: string;
declare const __APP_NAME__: string;
