export {
  SigningCodeEntry,
  SigningCodeRequest,
  SigningNotDone,
  type SigningCodeEntryProps,
  type SigningCodeRequestLabels,
  type SigningCodeRequestProps,
} from './signing-steps';
export { type SigningDocumentsProps } from './signing-documents';
