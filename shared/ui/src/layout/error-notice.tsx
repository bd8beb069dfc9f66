import type { ReactNode } from 'react';
import { Alert } from '@chakra-ui/react';

export type ErrorNoticeProps = {
  title: ReactNode;
  /** What went wrong in detail, under the title (often the server's message). */
  description?: ReactNode;
} & Omit<Alert.RootProps, 'status' | 'role' | 'title'>;

/** A failure the person must read: announced at once by screen readers (role alert). */
export function ErrorNotice({ title, description, ...rest }: ErrorNoticeProps) {
  return (
    <Alert.Root status="error" role="alert" {...rest}>
      <Alert.Indicator />
      {description ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{title}</Alert.Title>
      )}
    </Alert.Root>
  );
}
