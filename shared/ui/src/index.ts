// The UI pieces every app uses. Chakra is reached only through here, so the page holds one
// tree-shaken copy of it inside this shared package.
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Container,
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
  Link,
  Portal,
  Separator,
  SimpleGrid,
  Spinner,
  Stack,
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
  InfoNotice,
  SuccessNotice,
  type ErrorNoticeProps,
  type NoticeProps,
} from './layout/notices';
export { LoadStatus, type LoadStatusProps } from './layout/load-status';
export { StepIndicator, type Step, type StepState } from './layout/step-indicator';
export { RemoteFallback, type RemoteFallbackProps } from './remote/remote-fallback';
export { ScreenRoutes, journeySteps, type ScreenDefinition } from './layout/screen-routes';
export { addressText, SummaryCard, SummaryRow, type SummaryCardProps } from './layout/summary-card';
