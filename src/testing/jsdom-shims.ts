// Vitest setup: what Mantine needs from a browser and jsdom lacks, for the component tests that run in
// jsdom (`// @vitest-environment jsdom`). Node-environment tests have no window and skip it, React and the
// testing library included: most test files are Node's, and loading React for each costs seconds in all.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  // Mantine reads the color scheme through matchMedia.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
  // Mantine's scroll containers observe their size, which jsdom cannot measure.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // The signed-in shell follows the server's live events; in a page test no server sends any.
  globalThis.EventSource ??= class extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readyState = 0;
    close() {}
  } as unknown as typeof EventSource;
  // A select scrolls its chosen option into view, which jsdom cannot lay out.
  Element.prototype.scrollIntoView ??= () => {};
  // Autosizing text areas listen for web fonts, which jsdom does not load.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  }
  // findBy… and waitFor give up after 1 s by default: on a loaded 2-core machine a first render of a routed
  // page can take longer, and a test should fail on what the page shows, not on how busy the machine is.
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
