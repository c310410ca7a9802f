// Setup of the web test project (vitest.config.ts): the browser APIs jsdom lacks and our components call, once for
// every test file. Radix Select calls pointer capture and scrollIntoView, Radix Checkbox/Switch and CodeMirror
// use ResizeObserver, and CodeMirror measures text ranges (jsdom does no layout, so the rectangles are empty).
const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] } as unknown as DOMRectList;
Range.prototype.getClientRects ??= () => empty;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
