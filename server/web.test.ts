import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { webApp } from "./web";

const dist = mkdtempSync(join(tmpdir(), "blade-dist-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>console</title>");
writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log(1)");
writeFileSync(join(dist, "version.json"), '{"version":"1.0.0"}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const api = new Hono();
api.get("/api/health", (c) => c.json({ code: 200 }));
api.notFound((c) => c.json({ code: 404 }, 404));
const web = webApp(api, dist);

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
