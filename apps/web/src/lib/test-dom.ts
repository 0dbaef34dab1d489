/** Browser APIs antd asks for that jsdom lacks; for the component tests (call in beforeAll). */
export function stubBrowserApis() {
  // antd's responsive helpers
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // antd's auto-sizing text areas and overflow lists
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
