import { Box, Button, Heading, HStack, Image, Link, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';

import { LoadStatus } from '../layout/load-status';

export interface FilePreviewLabels {
  /** The panel's heading and the image's text: "Preview of march.pdf". */
  title: (name: string) => string;
  loading: string;
  failed: string;
  retry: string;
  close: string;
  /** The link that opens a PDF in a new tab: "Open march.pdf in a new tab". */
  openPdf: (name: string) => string;
}

export interface FilePreviewProps {
  /** Unique on the page: names the panel's heading. */
  id: string;
  name: string;
  mimeType: string;
  /** Reads the stored bytes with the person's own credentials. */
  load: () => Promise<Blob>;
  labels: FilePreviewLabels;
  onClose: () => void;
}

/**
 * A stored file shown from memory (a `blob:` address, released when the panel goes): an image in
 * the page, a PDF in the browser's own viewer in a new tab, since the page's policy embeds no
 * plugin content. Focus moves to the heading when it opens; Escape or Close ends it.
 */
export function FilePreview({ id, name, mimeType, load, labels, onClose }: FilePreviewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ url: string | null; error: string | null }>({
    url: null,
    error: null,
  });

  // Callers pass a fresh function each render; the file is read once per opening (or retry).
  const loadLatest = useRef(load);
  loadLatest.current = load;

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let made: string | null = null;
    let live = true;
    setState({ url: null, error: null });
    loadLatest.current().then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setState({ url: made, error: null });
      },
      (error: unknown) => {
        if (live) setState({ url: null, error: error instanceof Error ? error.message : '' });
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  const title = labels.title(name);

  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      mt={2}
      borderWidth="1px"
      borderRadius="md"
      p={3}
      onKeyDown={onKeyDown}
      data-testid="file-preview"
    >
      <HStack justify="space-between" mb={2} wrap="wrap" gap={2}>
        <Heading as="h3" size="sm" id={`${id}-title`} ref={heading} tabIndex={-1}>
          {title}
        </Heading>
        <Button size="xs" variant="outline" onClick={onClose}>
          {labels.close}
        </Button>
      </HStack>
      <LoadStatus
        loading={state.url === null && state.error === null}
        error={state.error}
        onRetry={retry}
        loadingLabel={labels.loading}
        errorTitle={labels.failed}
        retryLabel={labels.retry}
      />
      {state.url ? (
        mimeType === 'application/pdf' ? (
          <Text>
            <Link href={state.url} target="_blank" rel="noopener" color="brand.link">
              {labels.openPdf(name)}
            </Link>
          </Text>
        ) : (
          <Image src={state.url} alt={title} maxW="100%" maxH="60vh" objectFit="contain" />
        )
      ) : null}
    </Box>
  );
}
