export { bus, EventBus } from './bus/event-bus';
export { navigate, requestNavigation } from './bus/navigate';
export { session, SessionStore, type Session, type Tokens } from './session/session-store';
export { SIGNED_OUT } from './session/session-store';
export {
  STORAGE_KEYS,
  clearStoredExceptLanguage,
  readStored,
  writeStored,
} from './session/storage';
export { brandStore } from './brand/brand-store';
export {
  i18n,
  LANGUAGES,
  currentLanguage,
  parseLanguage,
  registerTranslations,
  addTranslations,
  deferTranslations,
  loadTranslations,
  setLanguage,
  type Translations,
  type TranslationLoaders,
  adoptPageLanguage,
  LANGUAGE_COOKIE,
  markPageLanguage,
  storedLanguage,
} from './i18n/i18n';
export {
  calendarDateText,
  calendarMonthText,
  dayText,
  momentText,
  type DateStyle,
} from './i18n/dates';
export {
  api,
  type CallConfig,
  errorMessage,
  httpStatus,
  keepStaffSessionFresh,
  serverMessage,
  type ServiceClient,
  type ServiceName,
} from './api/api-client';
export { ApiError, type HttpResponse, type RequestConfig } from './api/http-client';
export {
  ROUTES,
  STATE_CLEARING_PATHS,
  guardRoute,
  matchRoute,
  routesOf,
  type GuardDecision,
  type RouteMatch,
} from './routing/route-table';
export { useAccount, useBrand, useLanguage, useObservable, useSession, useT } from './react/hooks';
export { useSubmitFailure } from './react/use-submit-failure';
export { PlatformI18nProvider } from './react/i18n-provider';
export { platformInstanceId } from './instance';
export { reloadRemote, setRemoteReloader } from './composition/remote-reload';
export { accountStore, blockedUntil, type AccountSummary } from './account/account-store';
export { authApi } from './auth/auth-api';
export { completeSignIn, destinationAfterSignIn } from './auth/complete-sign-in';
export { applyLoanStatus, refreshAccount } from './account/refresh-account';
export { loanStatusApi } from './loan-status/loan-status-api';
export { signInFailureMessage, type SignInFailureMessages } from './auth/sign-in-failure';
export { registrationApi } from './onboarding/registration-api';
export { ekycApi } from './onboarding/ekyc-api';
export { psychometricApi } from './onboarding/psychometric-api';
export { IdleTimer, watchIdle, IDLE_TIMEOUT_MS } from './session/idle-timer';
export { tokenClaims, tokenExpiresAt } from './session/token-claims';
export { masterApi } from './master/master-api';
export { filesApi } from './files/files-api';
export { saveFile } from './files/save-file';
export {
  applicationApi,
  type SectionBodies,
  type SubmitResult,
} from './application/application-api';
