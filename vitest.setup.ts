import "./src/testing/owner-stacks";
import "@testing-library/jest-dom/vitest";
import { StyleContext } from "@ant-design/cssinjs";
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

/*
 * antd keeps its generated stylesheet in memory instead of writing it into the jsdom document
 * (its "server" mode). jsdom's getComputedStyle walks every rule of every stylesheet, and Testing
 * Library calls it for each element a role query looks at: with antd's thousands of rules the
 * console tests spent a third of their time there. No test reads antd's CSS; what a test checks
 * about visibility comes from markup (hidden, aria-hidden, inline style) as antd writes it.
 */
(StyleContext as unknown as { _currentValue: { mock?: "server" | "client" } })._currentValue.mock = "server";
