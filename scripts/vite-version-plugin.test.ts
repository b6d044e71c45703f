import { describe, expect, it, vi } from "vitest";
import { versionJson, versionPlugin } from "./vite-version-plugin";

type Hook = (...args: unknown[]) => unknown;

describe("vite version plugin", () => {
  it("emits version.json with the version into the build", () => {
    const emitFile = vi.fn();
    const plugin = versionPlugin({ version: "1.2.3" });
    (plugin.generateBundle as Hook).call({ emitFile }, {}, {}, false);
    expect(emitFile).toHaveBeenCalledWith({ type: "asset", fileName: "version.json", source: '{"version":"1.2.3"}' });
  });

  it("defaults to VITE_APP_VERSION, which vite.config.ts takes from package.json", () => {
    const emitFile = vi.fn();
    (versionPlugin().generateBundle as Hook).call({ emitFile }, {}, {}, false);
    expect(JSON.parse(emitFile.mock.calls[0][0].source).version).toBe(process.env.VITE_APP_VERSION ?? "0.1.0");
  });

  it("serves /version.json uncached from the dev server and passes other requests on", () => {
    let middleware: Hook = () => undefined;
    (versionPlugin({ version: "9" }).configureServer as Hook)({ middlewares: { use: (fn: Hook) => (middleware = fn) } });
    const res = { headers: {} as Record<string, string>, body: "", setHeader(k: string, v: string) { this.headers[k] = v; }, end(b: string) { this.body = b; } };
    const next = vi.fn();
    middleware({ url: "/version.json?t=1" }, res, next);
    expect(res.body).toBe(versionJson("9"));
    expect(res.headers["Cache-Control"]).toBe("no-store");
    middleware({ url: "/index.html" }, res, next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
