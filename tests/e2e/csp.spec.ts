/**
 * The console's Content-Security-Policy (server/web.ts) breaks nothing it serves: signing in (the
 * captcha is a data: image), the user page (antd's CSS-in-JS), a frame page of §2 showing another
 * origin, blob: and data: pictures and a blob: worker (the code editor's) — with no violation
 * reported by the page and no CSP error in the console. The last check proves the collector
 * listens: an inline script is refused and reported.
 */
import { expect, test, type Page } from "@playwright/test";
import type { MenuNode } from "../../domain/contract";
import { adminPassword } from "./support/api";
import { e2eOAuthOrigin } from "./support/env";
import { loginAs } from "./support/login";
import { openFromMenu, firstRow } from "./support/session";

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

// Another origin than the console's (127.0.0.1): the simulated provider's, answered by the route below.
const FRAMED_URL = `${e2eOAuthOrigin()}/csp-frame.html`;
const FRAME_ITEM = "外部页面";

/** Every violation any document of the page reports, kept across navigations. */
async function collectViolations(page: Page): Promise<{ violations: Violation[]; consoleErrors: string[] }> {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction("__bladeCspViolation", (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __bladeCspViolation: (v: unknown) => void }).__bladeCspViolation;
      report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
  page.on("console", (msg) => {
    if (/content security policy/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  return { violations, consoleErrors };
}

/** The menu the server sends, with a URL item under 系统管理 that opens in the frame page. */
async function addFrameMenuItem(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === "/api/blade-system/menu/routes",
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: MenuNode[] };
      const system = body.data.find((n) => n.code === "system");
      if (!system) throw new Error("the seeded menu has no 系统管理 group");
      system.children = [
        ...(system.children ?? []),
        { id: "csp-frame", parentId: system.id, code: "cspFrame", name: FRAME_ITEM, alias: "menu", path: FRAMED_URL, source: "GlobalOutlined", sort: 999, category: 1, action: 0, isOpen: 1 },
      ];
      await route.fulfill({ response, json: body });
    },
  );
  await page.route(FRAMED_URL, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>framed</title><h1>Framed page</h1>" }),
  );
}

test("the console runs under its Content-Security-Policy without a single violation", async ({ page }) => {
  const { violations, consoleErrors } = await collectViolations(page);
  const policies: { url: string; csp: string | null }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "document" && response.frame() === page.mainFrame()) {
      policies.push({ url: response.url(), csp: await response.headerValue("content-security-policy") });
    }
  });
  await addFrameMenuItem(page);

  await loginAs(page, "admin", adminPassword());

  await openFromMenu(page, "系统管理", "用户管理");
  await expect(page).toHaveURL(/\/system\/user/);
  await expect(firstRow(page)).toBeVisible();

  await openFromMenu(page, "系统管理", FRAME_ITEM);
  await expect(page).toHaveURL(/\/myiframe\/urlPath\?/);
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Framed page" })).toBeVisible();

  // What the console shows besides: an avatar fetched with the session (a blob: URL), a data:
  // picture, and a worker started from a blob: URL as the code editor does.
  const loaded = await page.evaluate(async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';
    const picture = (src: string) =>
      new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = src;
      });
    const blobUrl = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    const workerUrl = URL.createObjectURL(new Blob(["postMessage('ready')"], { type: "text/javascript" }));
    const worker = await new Promise<string>((resolve) => {
      const w = new Worker(workerUrl);
      w.onmessage = (e) => resolve(String(e.data));
      w.onerror = () => resolve("refused");
      setTimeout(() => resolve("timeout"), 5_000);
    });
    return { blob: await picture(blobUrl), data: await picture(`data:image/svg+xml,${encodeURIComponent(svg)}`), worker };
  });
  expect(loaded).toEqual({ blob: true, data: true, worker: "ready" });

  expect(policies.length).toBeGreaterThan(0);
  for (const { url, csp } of policies) {
    expect(csp, url).toContain("script-src 'self'");
    expect(csp, url).toContain("frame-ancestors 'self'");
  }
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // The control: the policy is enforced and the collector hears it.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inlineRan = true";
    document.head.appendChild(script);
  });
  await expect.poll(() => violations.map((v) => v.directive)).toEqual(["script-src-elem"]);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});
