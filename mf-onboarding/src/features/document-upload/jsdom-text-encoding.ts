// jsdom leaves out TextEncoder/TextDecoder, which the router (imported with the UI package)
// needs on load; Node's own are the same API. Imported first by the component tests.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
