import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// findBy…/waitFor give up after 5 s instead of 1 s: a test that passes waits only as long as the
// screen takes, and two test files share the CI machine's two cores.
configure({ asyncUtilTimeout: 5_000 });

// antd reads matchMedia and ResizeObserver, which jsdom lacks.
if (typeof window !== "undefined") {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList;
  }
  if (!("ResizeObserver" in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // antd's scroll-into-view and rc-virtual-list expect these on elements.
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
}
