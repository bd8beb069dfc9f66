import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type NoticeProps = {
  title: ReactNode;
  /** What happened in detail, under the title (often the server's message, or a next step). */
  description?: ReactNode;
  /** The one thing to do about it, after the text (e.g. a Reload button). */
  action?: ReactNode;
} & Omit<Alert.RootProps, 'status' | 'role' | 'title'>;

// The name the error notice's props have always been exported under.
export type ErrorNoticeProps = NoticeProps;

function Notice({
  title,
  description,
  action,
  ...rest
}: NoticeProps & Pick<Alert.RootProps, 'status' | 'role'>) {
  return (
    <Alert.Root {...rest}>
      <Alert.Indicator />
      {description ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{title}</Alert.Title>
      )}
      {action}
    </Alert.Root>
  );
}

/** A failure the person must read: announced at once by screen readers (role alert). */
export function ErrorNotice(props: NoticeProps) {
  return <Notice {...props} status="error" role="alert" />;
}

/** Something that went through: announced politely by screen readers (role status). */
export function SuccessNotice(props: NoticeProps) {
  return <Notice {...props} status="success" role="status" />;
}

/** Something the person should know before going on: announced politely (role status). */
export function InfoNotice(props: NoticeProps) {
  return <Notice {...props} status="info" role="status" />;
}

/**
 * Someone else changed what the person was editing or deciding on, so their action was refused:
 * announced at once, with the way to read it again (`action`).
 */
export function ChangedNotice(props: NoticeProps) {
  return <Notice {...props} status="warning" role="alert" />;
}
