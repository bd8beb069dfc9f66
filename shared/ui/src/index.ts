// The UI pieces every app uses. Chakra is reached only through here, so the page holds one
// tree-shaken copy of it inside this shared package.
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  CloseButton,
  Dialog,
  Container,
  Drawer,
  Field,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  IconButton,
  Image,
  Input,
  NativeSelect,
  Progress,
  Link,
  Menu,
  Portal,
  Separator,
  SimpleGrid,
  Spinner,
  Stack,
  Tabs,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
  useBreakpointValue,
} from '@chakra-ui/react';
export { PlatformRoot } from './platform-root';
export { brandSystem } from './theme/brand-system';
export { PageFrame, type PageFrameProps } from './layout/page-frame';
export {
  ChangedNotice,
  ErrorNotice,
  SuccessNotice,
  type ErrorNoticeProps,
  type NoticeProps,
} from './layout/notices';
export { LoadStatus, type LoadStatusProps } from './layout/load-status';
export { StepIndicator, type Step, type StepState } from './layout/step-indicator';
export { RemoteFallback, type RemoteFallbackProps } from './remote/remote-fallback';
export { RemoteErrorBoundary } from './remote/remote-error-boundary';
export {
  createRemoteLifecycles,
  type RemoteDefinition,
  type RemoteLifecycles,
  type RemoteMountProps,
} from './remote/create-remote-lifecycles';
export { AppToaster, toaster } from './toaster';
export { ScreenRoutes, journeySteps, type ScreenDefinition } from './layout/screen-routes';
export {
  CheckboxField,
  SelectField,
  TextField,
  TextareaField,
  type SelectOption,
} from './form/fields';
export { FormSubmit, type FormSubmitProps } from './form/form-submit';
export { FocusFirstError } from './form/focus-first-error';
export {
  DownloadChoices,
  FileDrop,
  UploadList,
  type DownloadChoice,
  type DownloadChoicesProps,
  type FileDropProps,
  type UploadListItem,
  type UploadListLabels,
} from './files';
export { PhoneField, PHONE_COUNTRY_CODES, type PhoneFieldProps } from './form/phone-field';
export { CaptchaBox, type CaptchaBoxProps, type CaptchaLabels } from './form/captcha-box';
export {
  AddressFields,
  POSTCODE_PATTERN,
  type AddressFieldLabels,
  type AddressFieldsProps,
  type PostcodeState,
} from './form/address-fields';
export { addressText, SummaryCard, SummaryRow, type SummaryCardProps } from './layout/summary-card';
export {
  formatRateBp,
  InstalmentTable,
  LoanFigures,
  type InstalmentTableProps,
  type LoanFiguresProps,
} from './loan/loan-figures';
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
} from './signing';
