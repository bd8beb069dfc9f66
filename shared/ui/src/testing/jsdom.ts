// What jsdom leaves out and the platform's components need: Node's text codecs (the router uses
// them on load) and the layout APIs Chakra asks for. Component tests of every package import this
// first, before anything that loads the router or the UI package.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

/** Every media query of the page answers `matches`: true stands for a desktop (each min-width
 *  query holds), false for a phone. Tests of layouts that change with the width call it. */
export function matchEveryMediaQuery(matches: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!window.matchMedia) matchEveryMediaQuery(false);
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => undefined;
// Browsers read a Blob's bytes with arrayBuffer(); jsdom's Blob has no such method.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}
