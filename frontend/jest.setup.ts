import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A patience limit, not a timing assertion: a screen's first render after its look-ups can take
// well over testing-library's default 1 s on a loaded 2-core runner with three jest workers (the
// Campfire board's first render once took over 5 s at load 6-7). Every find and waitFor returns as
// soon as what it looks for is there; a screen that never shows still fails, 15 s later.
configure({ asyncUtilTimeout: 15_000 });

/**
 * What jsdom lacks and the app uses. Node's fetch family is borrowed from the main realm
 * (vm.runInThisContext runs outside the jsdom window). Its Request rejects relative URLs and
 * foreign AbortSignals, hence the subclass resolving against the page and Node's AbortController.
 * Tests answer HTTP by replacing `fetch` (see test/fetch-edge.ts).
 */
const vm = jest.requireActual<{ runInThisContext(code: string): unknown }>('node:vm');
const node = vm.runInThisContext(
  '({ Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder, ReadableStream, structuredClone })',
) as {
  Request: typeof Request;
  Response: typeof Response;
  Headers: typeof Headers;
  AbortController: typeof AbortController;
  AbortSignal: typeof AbortSignal;
  TextEncoder: typeof TextEncoder;
  TextDecoder: typeof TextDecoder;
  ReadableStream: typeof ReadableStream;
  structuredClone: typeof structuredClone;
};

class PageRequest extends node.Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

Object.assign(globalThis, {
  Request: PageRequest,
  Response: node.Response,
  Headers: node.Headers,
  AbortController: node.AbortController,
  AbortSignal: node.AbortSignal,
  TextEncoder: node.TextEncoder,
  TextDecoder: node.TextDecoder,
  // A streamed answer (RAI's reply as it is written) is one a test can write piece by piece.
  ReadableStream: node.ReadableStream,
  // @mui/x-charts clones its state.
  structuredClone: node.structuredClone,
  fetch: () => Promise.reject(new Error('No HTTP answer set up in this test')),
});

function matchMedia(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  };
}

Object.assign(window, { matchMedia, scrollTo: () => undefined });
Element.prototype.scrollIntoView = () => undefined;

// x-charts sizes charts to their container; jsdom has no layout, so nothing is ever observed.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });
