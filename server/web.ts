import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";

/**
 * The console's Content-Security-Policy, sent with every page. Scripts come only from our origin
 * (no inline script, no eval); antd's CSS-in-JS writes <style> elements, hence inline styles;
 * avatars are object URLs of authorised downloads, data: URLs, or pictures on other origins
 * (object storage, a provider's avatar); the menu's frame pages (§2) show any http(s) address; the
 * code editor's workers run from our files or blob: URLs. A console built with an API on another
 * origin (VITE_API_BASE, which `npm start` builds and serves with alike) may call that origin.
 */
export function consoleCsp(apiBase?: string): string {
  let apiOrigin = "";
  try {
    if (apiBase && /^https?:\/\//i.test(apiBase)) apiOrigin = ` ${new URL(apiBase).origin}`;
  } catch {
    /* not a URL: the console calls its own origin */
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self'${apiOrigin}`,
    "frame-src 'self' https: http:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** Build-time variants (vite.config.ts), in the order we prefer them. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/** The content codings a request accepts (`q=0` refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name && !(q && Number(q[1]) === 0)) accepted.add(name);
  }
  return accepted;
}

function withVary(headers: Headers, name: string): void {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", name);
  else if (!vary.split(",").some((v) => v.trim().toLowerCase() === name.toLowerCase())) headers.set("Vary", `${vary}, ${name}`);
}

/** /api/* → the Blade app; other GETs → files of dist/, else dist/index.html (client routes). */
export function webApp(api: Hono, distDir: string): Hono {
  const web = new Hono();
  web.use("*", secureHeaders({ strictTransportSecurity: false, crossOriginResourcePolicy: false }));
  web.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  web.all("/api", (c) => api.fetch(c.req.raw, c.env));
  const indexHtml = join(distDir, "index.html");
  const csp = consoleCsp(process.env.VITE_API_BASE);
  web.use("*", async (c, next) => {
    await next();
    // Vite's hashed assets never change; everything else is revalidated. The page and version.json
    // always are, whatever set a header before: they are how a browser learns of a new release (§4).
    const immutable = c.req.path.startsWith("/assets/") && c.res.status === 200;
    const entry = c.req.path === "/version.json" || c.req.path === "/" || c.req.path.endsWith(".html");
    if (entry || !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    // Also on the plain answer, so that no cache hands a compressed one to a browser without br/gzip.
    withVary(c.res.headers, "Accept-Encoding");
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) c.res.headers.set("Content-Security-Policy", csp);
  });
  web.use("*", serveStatic({ root: distDir, precompressed: true }));
  // A chunk of an earlier build: the page must see a failed import, not HTML cached as immutable.
  web.get("/assets/*", (c) => c.text("Not Found", 404));
  web.get("*", (c) => {
    if (!existsSync(indexHtml)) return c.text("The console is not built: run `npm start` (or `npx vite build`).", 503);
    const accepted = acceptedEncodings(c.req.header("Accept-Encoding"));
    const variant = PRECOMPRESSED.find((v) => accepted.has(v.encoding) && existsSync(indexHtml + v.suffix));
    if (!variant) return c.html(readFileSync(indexHtml, "utf8"));
    return c.body(readFileSync(indexHtml + variant.suffix), 200, { "Content-Type": "text/html; charset=UTF-8", "Content-Encoding": variant.encoding });
  });
  return web;
}
