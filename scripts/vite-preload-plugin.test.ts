import { describe, expect, it } from "vitest";
import { preloadFiles, preloadPlugin } from "./vite-preload-plugin";

type Hook = (...args: unknown[]) => unknown;

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
  type: "chunk",
  fileName,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

// The entry imports react statically; the login page is lazy and imports antd's button and a shared chunk.
const bundle = {
  "assets/index-1.js": chunk("assets/index-1.js", ["/repo/src/main.tsx"], ["assets/react-2.js"]),
  "assets/react-2.js": chunk("assets/react-2.js", ["/repo/node_modules/react/index.js"]),
  "assets/LoginPage-3.js": chunk("assets/LoginPage-3.js", ["/repo/src/pages/login/LoginPage.tsx"], ["assets/button-4.js", "assets/react-2.js"], ["assets/LoginPage-5.css"]),
  "assets/button-4.js": chunk("assets/button-4.js", ["/repo/node_modules/antd/es/button/index.js"], ["assets/react-2.js"]),
  "assets/RefineApp-6.js": chunk("assets/RefineApp-6.js", ["/repo/src/RefineApp.tsx"], ["assets/button-4.js"]),
  "assets/LoginPage-5.css": { type: "asset", fileName: "assets/LoginPage-5.css" },
};

const html = '<head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/react-2.js"></head>';

function transform(modules: string[]) {
  const plugin = preloadPlugin(modules);
  (plugin.configResolved as Hook)({ base: "/" });
  const hook = plugin.transformIndexHtml as { handler: Hook };
  return hook.handler(html, { bundle });
}

describe("preloading a lazy page from index.html", () => {
  it("collects the page's chunk, every chunk it imports statically and its CSS — no other page's", () => {
    const files = preloadFiles(bundle, ["src/pages/login/LoginPage.tsx"]);
    expect(files.js.sort()).toEqual(["assets/LoginPage-3.js", "assets/button-4.js", "assets/react-2.js"]);
    expect(files.css).toEqual(["assets/LoginPage-5.css"]);
    expect(files.missing).toEqual([]);
  });

  it("adds modulepreload links for what the page needs beyond the entry, and a style preload", () => {
    expect(transform(["src/pages/login/LoginPage.tsx"])).toEqual([
      { tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: "/assets/LoginPage-3.js" }, injectTo: "head" },
      { tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: "/assets/button-4.js" }, injectTo: "head" },
      { tag: "link", attrs: { rel: "preload", as: "style", crossorigin: true, href: "/assets/LoginPage-5.css" }, injectTo: "head" },
    ]);
  });

  it("fails the build when no chunk holds the page, rather than lose the preload silently", () => {
    expect(() => transform(["src/pages/login/Renamed.tsx"])).toThrow(/no chunk holds src\/pages\/login\/Renamed.tsx/);
  });
});
