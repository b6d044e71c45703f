/**
 * Preloads a lazily imported page from the built index.html: modulepreload links for its chunk and
 * every chunk it imports statically, and preload links for its CSS. Without them the browser learns
 * of the page's code only after the entry ran, one more round trip before the first paint; with
 * them everything downloads in parallel with the entry (the login page: §1, issue 8).
 */
import type { HtmlTagDescriptor, Plugin } from "vite";

interface BuiltChunk {
  type: "chunk";
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The files to preload for the chunks built from `modules` (paths relative to the root). */
export function preloadFiles(bundle: Record<string, { type: string }>, modules: string[]): { js: string[]; css: string[]; missing: string[] } {
  const chunks = Object.values(bundle).filter((c): c is BuiltChunk => c.type === "chunk");
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: BuiltChunk | undefined) => {
    if (!chunk || js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
    chunk.imports.forEach((file) => visit(byFile.get(file)));
  };
  // Its own chunk, or the chunk group it was put in (vite-chunk-groups.ts).
  const holding = (module: string) => chunks.find((c) => c.moduleIds.some((id) => id.replaceAll("\\", "/").endsWith(`/${module}`)));
  const missing = modules.filter((module) => {
    const chunk = holding(module);
    visit(chunk);
    return !chunk;
  });
  return { js: [...js], css: [...css], missing };
}

export function preloadPlugin(modules: string[]): Plugin {
  let base = "/";
  return {
    name: "blade-preload-lazy-pages",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const { js, css, missing } = preloadFiles(ctx.bundle, modules);
        // A renamed page would silently lose its preload, and the first paint its speed.
        if (missing.length) throw new Error(`preloadPlugin: no chunk holds ${missing.join(", ")}`);
        const absent = (file: string) => !html.includes(`"${base}${file}"`);
        const tags: HtmlTagDescriptor[] = [
          ...js.filter(absent).map((file) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${file}` }, injectTo: "head" as const })),
          ...css.filter(absent).map((file) => ({ tag: "link", attrs: { rel: "preload", as: "style", crossorigin: true, href: `${base}${file}` }, injectTo: "head" as const })),
        ];
        return tags;
      },
    },
  };
}
