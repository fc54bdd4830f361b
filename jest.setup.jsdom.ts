import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 reads TextEncoder from the global scope, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// What antd needs of a browser that jsdom lacks (DESIGN.md 7), for every jsdom project.
// antd's responsive helpers read window.matchMedia, which jsdom does not provide (DESIGN.md 7).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// antd's tables, tabs and selects observe their size; jsdom has no layout, so nothing to report.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// jsdom implements getComputedStyle without pseudo-elements and logs an error for each call with
// one (antd measures the scrollbar that way); the element's own style is what tests can have.
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => jsdomGetComputedStyle(element);

// rc-component's Select schedules work through MessageChannel, which jsdom's global scope lacks.
// Node's own would keep the test process alive (an open port); jsdom timers end with the test.
if (!('MessageChannel' in globalThis)) {
  class TimerPort {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    peer: TimerPort | null = null;
    postMessage(data: unknown): void {
      setTimeout(() => this.peer?.onmessage?.({ data }), 0);
    }
    close(): void {
      this.onmessage = null;
    }
  }
  class TimerMessageChannel {
    port1 = new TimerPort();
    port2 = new TimerPort();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
}

// jsdom lays nothing out, so it cannot scroll.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// findBy*/waitFor wait up to 10 s: a loaded CI machine renders antd slowly.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no object URLs. A download saved in a test revokes its URL OBJECT_URL_LIFETIME_MS
// (10 s) later, which on a loaded machine falls in a later test of the file, after the test has
// put back what it stubbed: these no-ops stay underneath every stub.
if (typeof URL.createObjectURL !== 'function') URL.createObjectURL = () => 'blob:jsdom';
if (typeof URL.revokeObjectURL !== 'function') URL.revokeObjectURL = () => undefined;
