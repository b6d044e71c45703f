import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { consoleCsp, webApp } from "./web";

const dist = mkdtempSync(join(tmpdir(), "blade-dist-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>console</title>");
writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log(1)");
writeFileSync(join(dist, "version.json"), '{"version":"1.0.0"}');
// What vite-plugin-compression2 writes beside each file at build time (vite.config.ts).
const bundle = `export const text = "${"console ".repeat(400)}";`;
writeFileSync(join(dist, "assets", "bundle-def456.js"), bundle);
writeFileSync(join(dist, "assets", "bundle-def456.js.br"), brotliCompressSync(bundle));
writeFileSync(join(dist, "assets", "bundle-def456.js.gz"), gzipSync(bundle));
const page = `<!doctype html><title>compressed console</title>${"<!-- padding -->".repeat(100)}`;
const compressedDist = mkdtempSync(join(tmpdir(), "blade-dist-"));
writeFileSync(join(compressedDist, "index.html"), page);
writeFileSync(join(compressedDist, "index.html.br"), brotliCompressSync(page));
writeFileSync(join(compressedDist, "index.html.gz"), gzipSync(page));
afterAll(() => rmSync(compressedDist, { recursive: true, force: true }));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const api = new Hono();
api.get("/api/health", (c) => c.json({ code: 200 }));
api.notFound((c) => c.json({ code: 404 }, 404));
const web = webApp(api, dist);
const compressedWeb = webApp(api, compressedDist);

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("serving the console beside the API", () => {
  it("hands /api to the API, including its 404s (never the SPA page)", async () => {
    expect(await (await web.request("/api/health")).json()).toEqual({ code: 200 });
    const missing = await web.request("/api/no/such/route");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404 });
  });

  it("serves built files, hashed assets as immutable", async () => {
    const res = await web.request("/assets/app-abc123.js");
    expect(await res.text()).toBe("console.log(1)");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("falls back to index.html for client routes", async () => {
    const res = await web.request("/system/user?x=1");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>console</title>");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("makes browsers revalidate version.json and the page on every load (new-version check, §4)", async () => {
    for (const path of ["/version.json", "/index.html", "/", "/wel"]) {
      const res = await web.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
    expect(await (await web.request("/version.json")).json()).toEqual({ version: "1.0.0" });
  });
});

describe("compressed delivery", () => {
  it("serves the brotli file to a browser that accepts br, else gzip, with Vary and the asset's caching", async () => {
    const br = await web.request("/assets/bundle-def456.js", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(bundle);

    const gz = await web.request("/assets/bundle-def456.js", { headers: { "Accept-Encoding": "gzip, deflate" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gz)).toString()).toBe(bundle);
    expect(gz.headers.get("cache-control")).toContain("immutable");
  });

  it("serves the plain file without Accept-Encoding, still varying on it", async () => {
    const res = await web.request("/assets/bundle-def456.js");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await res.text()).toBe(bundle);
  });

  it("serves index.html compressed on client routes and on /, with the no-cache rule", async () => {
    for (const path of ["/login", "/system/user", "/"]) {
      const res = await compressedWeb.request(path, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-encoding"), path).toBe("br");
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
      expect(res.headers.get("vary"), path).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(page);
    }
    const gz = await compressedWeb.request("/login", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gz)).toString()).toBe(page);
  });

  it("honours q=0 and falls back to the plain page", async () => {
    const gz = await compressedWeb.request("/login", { headers: { "Accept-Encoding": "br;q=0, gzip;q=0.5" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const plain = await compressedWeb.request("/login", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it("answers a chunk of an earlier build with 404, never the page cached as immutable", async () => {
    const res = await web.request("/assets/LoginPage-gone.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("Content-Security-Policy", () => {
  const directives = (csp: string) => new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  it("comes with every page, compressed or not, and with no asset or API answer", async () => {
    for (const [app, path, encoding] of [
      [web, "/", ""],
      [web, "/index.html", ""],
      [web, "/system/user", ""],
      [compressedWeb, "/login", "br"],
      [compressedWeb, "/login", "gzip"],
    ] as const) {
      const res = await app.request(path, { headers: { "Accept-Encoding": encoding } });
      expect(res.headers.get("content-security-policy"), `${path} ${encoding}`).toBe(consoleCsp());
    }
    expect((await web.request("/assets/app-abc123.js")).headers.get("content-security-policy")).toBeNull();
    expect((await web.request("/api/health")).headers.get("content-security-policy")).toBeNull();
  });

  it("allows only our scripts, no plugins, no foreign base or framing; frames and pictures as the console needs", () => {
    const csp = directives(consoleCsp());
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(consoleCsp()).not.toContain("unsafe-eval");
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toContain("'unsafe-inline'"); // antd's CSS-in-JS
    expect(csp.get("img-src")).toEqual(expect.arrayContaining(["blob:", "data:"]));
    expect(csp.get("frame-src")).toEqual(expect.arrayContaining(["https:", "http:"])); // §2 frame pages
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]); // Monaco
  });

  it("lets a console built for an API on another origin call it, and only that origin", () => {
    expect(directives(consoleCsp("https://gateway.example.com/api")).get("connect-src")).toEqual(["'self'", "https://gateway.example.com"]);
    expect(directives(consoleCsp("/api")).get("connect-src")).toEqual(["'self'"]);
  });
});
