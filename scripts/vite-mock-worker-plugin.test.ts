import { describe, expect, it, vi } from "vitest";
import { MOCK_WORKER_FILE, mockWorkerPlugin } from "./vite-mock-worker-plugin";

type Hook = (...args: unknown[]) => unknown;

describe("vite mock worker plugin", () => {
  it("is a dev-server plugin only, so a build never contains the worker", () => {
    expect(mockWorkerPlugin().apply).toBe("serve");
  });

  it("serves MSW's worker script at the site root and passes other requests on", () => {
    let middleware: Hook = () => undefined;
    (mockWorkerPlugin().configureServer as Hook)({ middlewares: { use: (fn: Hook) => (middleware = fn) } });
    const res = { headers: {} as Record<string, string>, body: "", setHeader(k: string, v: string) { this.headers[k] = v; }, end(b: Buffer) { this.body = b.toString(); } };
    const next = vi.fn();
    middleware({ url: `/${MOCK_WORKER_FILE}?v=1` }, res, next);
    expect(res.body).toContain("Mock Service Worker");
    expect(res.headers["Content-Type"]).toBe("text/javascript");
    middleware({ url: "/index.html" }, res, next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
