// @ts-check
// Brotli and gzip copies of text files, made once at build time so the server sends them as they
// are (`preCompressed`) instead of compressing on every request, at the strongest settings no
// request could afford.
const zlib = require('node:zlib');

/** @param {Buffer | string} content */
function compressedCopies(content) {
  const buffer = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return {
    br: zlib.brotliCompressSync(buffer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }),
    gz: zlib.gzipSync(buffer, { level: 9 }),
  };
}

module.exports = { compressedCopies };
