export {
  SigningCodeEntry,
  SigningCodeRequest,
  SigningDocumentReader,
  SigningNotDone,
  type SigningCodeEntryProps,
  type SigningCodeRequestLabels,
  type SigningCodeRequestProps,
  type SigningDocumentLabels,
  type SigningDocumentReaderProps,
} from './signing-steps';
