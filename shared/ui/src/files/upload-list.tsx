import { Box, Button, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';

import { FilePreview, type FilePreviewLabels } from './file-preview';

export interface UploadListItem {
  key: string;
  name: string;
  /** "1.2 MB" or similar, already worded by the caller. */
  detail?: string;
  /** 0 to 1 while uploading; absent once stored. */
  progress?: number;
  error?: string;
  /** Where the stored file opens (a new tab). */
  href?: string;
  /** Opens (downloads) the stored file when its name is chosen, for files whose address is made
   *  at that moment (a short-lived link). */
  onOpen?: () => void;
  deletable?: boolean;
  /** A stored file the person may look at before going on: its type and how to read it. */
  preview?: { mimeType: string; load: () => Promise<Blob> };
}

export interface UploadListLabels {
  uploading: (name: string) => string;
  /** The delete button's text, and its accessible name naming the file. */
  removeButton: string;
  remove: (name: string) => string;
  confirmRemove: (name: string) => string;
  confirm: string;
  cancel: string;
  dismiss: string;
  /** Needed once an item offers a preview. */
  preview?: FilePreviewLabels & { button: string; named: (name: string) => string };
}

/** Files of one kind: each with its upload progress, its error, or its link and delete
 *  (asked to confirm first: a deleted document has to be uploaded again). */
export function UploadList({
  items,
  labels,
  onRemove,
  onDismiss,
}: {
  items: readonly UploadListItem[];
  labels: UploadListLabels;
  onRemove?: (key: string) => void;
  onDismiss?: (key: string) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  // Closing a preview hands focus back to the button that opened it.
  const previewButtons = useRef(new Map<string, HTMLButtonElement>());
  const closePreview = (key: string) => {
    setPreviewing(null);
    previewButtons.current.get(key)?.focus();
  };
  if (items.length === 0) return null;
  return (
    <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
      {items.map((item) => (
        <Box
          as="li"
          key={item.key}
          borderWidth="1px"
          borderRadius="md"
          borderColor={item.error ? 'red.300' : 'gray.200'}
          px={3}
          py={2}
        >
          <HStack justify="space-between" gap={3} wrap="wrap">
            <Box minW={0} flex="1">
              {item.href ? (
                <Link href={item.href} target="_blank" rel="noopener" wordBreak="break-all">
                  {item.name}
                </Link>
              ) : item.onOpen ? (
                <Link asChild wordBreak="break-all" textAlign="start">
                  <button type="button" onClick={item.onOpen}>
                    {item.name}
                  </button>
                </Link>
              ) : (
                <Text wordBreak="break-all">{item.name}</Text>
              )}
              {item.detail ? (
                <Text fontSize="sm" color="gray.600">
                  {item.detail}
                </Text>
              ) : null}
            </Box>
            {item.preview && labels.preview ? (
              <Button
                size="xs"
                variant="outline"
                ref={(button: HTMLButtonElement | null) => {
                  if (button) previewButtons.current.set(item.key, button);
                  else previewButtons.current.delete(item.key);
                }}
                aria-label={labels.preview.named(item.name)}
                aria-expanded={previewing === item.key}
                onClick={() =>
                  previewing === item.key ? closePreview(item.key) : setPreviewing(item.key)
                }
              >
                {labels.preview.button}
              </Button>
            ) : null}
            {item.error && onDismiss ? (
              <Button size="xs" variant="ghost" onClick={() => onDismiss(item.key)}>
                {labels.dismiss}
              </Button>
            ) : null}
            {item.deletable && onRemove && confirming !== item.key ? (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={labels.remove(item.name)}
                onClick={() => setConfirming(item.key)}
              >
                {labels.removeButton}
              </Button>
            ) : null}
          </HStack>
          {item.progress !== undefined && !item.error ? (
            <Progress.Root
              mt={2}
              size="sm"
              value={Math.round(item.progress * 100)}
              aria-label={labels.uploading(item.name)}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
          {item.error ? (
            <Text role="alert" mt={1} fontSize="sm" color="red.600">
              {item.error}
            </Text>
          ) : null}
          {previewing === item.key && item.preview && labels.preview ? (
            <FilePreview
              id={`preview-${item.key}`}
              name={item.name}
              mimeType={item.preview.mimeType}
              load={item.preview.load}
              labels={labels.preview}
              onClose={() => closePreview(item.key)}
            />
          ) : null}
          {confirming === item.key && onRemove ? (
            <HStack
              mt={2}
              gap={2}
              wrap="wrap"
              role="group"
              aria-label={labels.confirmRemove(item.name)}
            >
              <Text fontSize="sm">{labels.confirmRemove(item.name)}</Text>
              <Button
                size="xs"
                colorPalette="red"
                onClick={() => {
                  setConfirming(null);
                  onRemove(item.key);
                }}
              >
                {labels.confirm}
              </Button>
              <Button size="xs" variant="ghost" onClick={() => setConfirming(null)}>
                {labels.cancel}
              </Button>
            </HStack>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
