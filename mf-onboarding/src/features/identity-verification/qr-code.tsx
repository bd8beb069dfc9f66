import { Box, Image, Spinner } from '@lending/ui';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code drawn in the browser: the link never leaves the page to be rendered elsewhere. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(value, { width: 240, margin: 2, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (!cancelled) setDataUrl(url);
      },
      () => {
        if (!cancelled) setDataUrl(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [value]);
  return (
    <Box w="240px" h="240px" display="flex" alignItems="center" justifyContent="center">
      {dataUrl ? (
        <Image src={dataUrl} alt={label} w="240px" h="240px" data-testid="ekyc-qr" />
      ) : (
        <Spinner aria-label={label} />
      )}
    </Box>
  );
}
