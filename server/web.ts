import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** /api/* → the Blade app; other GETs → files of dist/, else dist/index.html (client routes). */
export function webApp(api: Hono, distDir: string): Hono {
  const web = new Hono();
  web.use("*", secureHeaders({ strictTransportSecurity: false, crossOriginResourcePolicy: false }));
  web.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  web.all("/api", (c) => api.fetch(c.req.raw, c.env));
  const indexHtml = join(distDir, "index.html");
  web.use("*", async (c, next) => {
    await next();
    // Vite's hashed assets never change; everything else is revalidated. The page and version.json
    // always are, whatever set a header before: they are how a browser learns of a new release (§4).
    const immutable = c.req.path.startsWith("/assets/") && c.res.status === 200;
    const entry = c.req.path === "/version.json" || c.req.path === "/" || c.req.path.endsWith(".html");
    if (entry || !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
  });
  web.use("*", serveStatic({ root: distDir }));
  web.get("*", (c) => {
    if (!existsSync(indexHtml)) return c.text("The console is not built: run `npm start` (or `npx vite build`).", 503);
    return c.html(readFileSync(indexHtml, "utf8"));
  });
  return web;
}
