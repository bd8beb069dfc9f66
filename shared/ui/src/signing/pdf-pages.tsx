import { Box, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useT } from '@lending/platform';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ErrorNotice } from '../layout/notices';
import type { PdfView } from './pdf-engine';

/** How far a page can be enlarged on a small screen (1 = as wide as the reader). */
const ZOOMS = [1, 1.5, 2, 3] as const;

function PdfPage(props: {
  view: PdfView;
  number: number;
  width: number;
  label: string;
  onFailed: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [text, setText] = useState('');
  const [drawn, setDrawn] = useState(false);
  const { view, number, width, onFailed } = props;
  useEffect(() => {
    if (!canvas.current || width <= 0) return;
    view.drawPage(number, canvas.current, width).then(() => setDrawn(true), onFailed);
  }, [view, number, width, onFailed]);
  useEffect(() => {
    let live = true;
    view.pageText(number).then(
      (words) => live && setText(words),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [view, number]);
  return (
    <Box as="figure" m={0} data-testid="pdf-page" data-drawn={drawn || undefined}>
      {/* The drawn page for the eye; its words, below, for a screen reader. */}
      <Box
        as="canvas"
        ref={canvas}
        display="block"
        bg="white"
        borderWidth="1px"
        borderColor="gray.300"
        boxShadow="sm"
        aria-hidden="true"
      />
      <Box as="figcaption">
        <Text fontSize="xs" color="gray.700" mt={1} textAlign="center">
          {props.label}
        </Text>
        <VisuallyHidden>{text}</VisuallyHidden>
      </Box>
    </Box>
  );
}

/**
 * A PDF drawn page by page across the reader's width, as one scrolls a document on a phone, with
 * zoom for small print (the page then scrolls sideways). The file is the one the signer signs.
 */
export function PdfPages(props: { bytes: Blob; title: string }) {
  const { t } = useT('ui');
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<PdfView | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [frameWidth, setFrameWidth] = useState(0);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const markFailed = useCallback(() => setFailed(true), []);

  useEffect(() => {
    let live = true;
    let opened: PdfView | null = null;
    setFailed(false);
    void (async () => {
      try {
        const { openPdf } = await import('./pdf-engine');
        opened = await openPdf(await props.bytes.arrayBuffer());
        if (live) setView(opened);
        else opened.close();
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      opened?.close();
    };
  }, [props.bytes, attempt]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => setFrameWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const zoomIndex = ZOOMS.indexOf(zoom);
  // Pages are drawn a few pixels narrower than the frame, so the border never overflows it.
  const pageWidth = Math.max(0, Math.floor((frameWidth - 2) * zoom));
  return (
    <Stack gap={3}>
      {failed ? (
        <ErrorNotice
          title={t('signing.reader.failed')}
          action={
            <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              {t('signing.reader.retry')}
            </Button>
          }
        />
      ) : null}
      {view ? (
        <HStack gap={2} flexWrap="wrap">
          <Text fontSize="sm" color="gray.700" aria-live="polite">
            {t('signing.reader.pages', { count: view.pageCount })}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={zoomIndex === 0}
            onClick={() => setZoom(ZOOMS[zoomIndex - 1]!)}
          >
            {t('signing.reader.zoomOut')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={zoomIndex === ZOOMS.length - 1}
            onClick={() => setZoom(ZOOMS[zoomIndex + 1]!)}
          >
            {t('signing.reader.zoomIn')}
          </Button>
          <Text fontSize="sm" color="gray.700">
            {`${Math.round(zoom * 100)}%`}
          </Text>
        </HStack>
      ) : failed ? null : (
        <Text role="status">{t('signing.reader.loading')}</Text>
      )}
      <Box
        overflowX="auto"
        maxH={{ base: '75vh', md: '80vh' }}
        overflowY="auto"
        bg="gray.100"
        p={{ base: 0, md: 2 }}
        borderRadius="md"
        tabIndex={0}
        aria-label={t('signing.reader.scroll', { title: props.title })}
      >
        {/* Measured inside the padding: a page as wide as this fits without scrolling sideways. */}
        <Box ref={frame} width="100%" height={0} />
        {view ? (
          <Stack gap={3} width={zoom > 1 ? `${pageWidth + 2}px` : 'auto'}>
            {Array.from({ length: view.pageCount }, (_, index) => (
              <PdfPage
                key={index}
                view={view}
                number={index + 1}
                width={pageWidth}
                label={t('signing.reader.page', { page: index + 1, pages: view.pageCount })}
                onFailed={markFailed}
              />
            ))}
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
