import "./src/testing/owner-stacks";
import "@testing-library/jest-dom/vitest";
import { StyleContext } from "@ant-design/cssinjs";
import { configure } from "@testing-library/react";
import { appendFileSync } from "node:fs";
import { afterAll } from "vitest";
import { takeStatementFindings } from "./server/db/statement-check";

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

// Issue 23's statement check (server/db/statement-check.ts): every statement a request sends is
// checked for its tenant as it is sent; a file whose tests sent one without it fails here.
process.env.BLADE_STATEMENT_CHECK = "1";
afterAll(() => {
  const found = takeStatementFindings();
  if (!found.length) return;
  if (process.env.STATEMENT_CHECK_COLLECT) {
    appendFileSync(process.env.STATEMENT_CHECK_COLLECT, `${found.join("\n")}\n`);
    return;
  }
  throw new Error(`Statements on a tenant table without its tenant (server/db/statement-check.ts):\n${found.join("\n")}`);
});
