// What an API under test logged, to say that no secret ever reaches it.
import { Writable } from 'node:stream';

export interface CapturedLog {
  stream: Writable;
  /** Everything written so far. */
  text(): string;
  /** A plain logger over the same lines, for an adapter built outside an app. */
  logger: { warn(details: object, message: string): void; info(message: string): void };
}

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return {
    stream,
    text: () => lines.join(''),
    logger: {
      warn: (details, message) => lines.push(`${JSON.stringify(details)} ${message}\n`),
      info: (message) => lines.push(`${message}\n`),
    },
  };
}
