// The heavier pieces of the app's screens (tabs, progress bars and checkboxes with their state
// machines, file upload and download, signing, loan figures): loaded with the first screen that
// shows one, not with the public pages. A shared module is never tree-shaken, so whatever the
// main entry exports comes with the landing.
export { Checkbox, Progress, Tabs } from '@chakra-ui/react';
export * from './files';
export {
  formatRateBp,
  InstalmentTable,
  LoanFigures,
  type InstalmentTableProps,
  type LoanFiguresProps,
} from './loan/loan-figures';
export * from './signing';
export { SigningDocuments } from './deferred';
export { OTP_LENGTH, OtpInput, type OtpInputProps } from './form/otp-input';
