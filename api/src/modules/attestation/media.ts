// Reading a video file enough to serve it: its length in time (from the MP4 movie header) and the
// byte range a player asked for.

/** The movie's duration in milliseconds from its `mvhd` box, or undefined when it is not an MP4. */
export function mp4DurationMs(bytes: Buffer): number | undefined {
  const at = bytes.indexOf('mvhd', 0, 'latin1');
  if (at < 4) return undefined;
  const version = bytes[at + 4];
  const body = at + 8;
  try {
    if (version === 1) {
      const timescale = bytes.readUInt32BE(body + 16);
      const duration = Number(bytes.readBigUInt64BE(body + 20));
      return timescale > 0 ? Math.round((duration * 1000) / timescale) : undefined;
    }
    const timescale = bytes.readUInt32BE(body + 8);
    const duration = bytes.readUInt32BE(body + 12);
    return timescale > 0 ? Math.round((duration * 1000) / timescale) : undefined;
  } catch {
    return undefined;
  }
}

export type ByteRange = { start: number; end: number };

/**
 * The one range of a `Range: bytes=...` header (RFC 9110 14.1), `unsatisfiable` when it lies
 * outside the file, or undefined when the whole file should be sent (no header, another unit, or
 * several ranges, which a server may answer with the whole file).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header.trim());
  if (!match)
    return header.trim().startsWith('bytes=') && !header.includes(',')
      ? 'unsatisfiable'
      : undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
