import type { ViteDevServer } from "vite";

/** Answers GET `/${fileName}` (query ignored) on the dev server with `body()`; other requests pass on. */
export function serveDevFile(server: Pick<ViteDevServer, "middlewares">, fileName: string, headers: Record<string, string>, body: () => string | Buffer): void {
  server.middlewares.use((req, res, next) => {
    if (req.url?.split("?")[0] !== `/${fileName}`) return next();
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end(body());
  });
}
