// jsdom leaves out the text codecs Node has; the router and the platform use them.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
