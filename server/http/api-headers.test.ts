import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { freshApp, type TestApp } from "../test/fresh-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
});
afterAll(() => t.close());

describe("Cache-Control on every API answer", () => {
  it("no-store, signed in or not, success or failure", async () => {
    const answers = [
      await t.request("/api/blade-user/info", { token: admin }),
      await t.request("/api/blade-user/page", { token: admin }),
      await t.request("/api/blade-system/tenant/info", { query: { domain: "example.com" } }),
      await t.request("/api/health"),
      await t.request("/api/blade-user/page"),
      await t.request("/api/blade-user/detail", { token: admin, query: { id: "abc" } }),
      await t.request("/api/no-such-route"),
      await t.request("/api/blade-user/submit", { token: admin, body: "x".repeat(1_100_000), headers: { "Content-Type": "application/json" } }),
    ];
    expect(answers.map((r) => [r.status, r.headers.get("cache-control")])).toEqual([
      [200, "no-store"], [200, "no-store"], [200, "no-store"], [200, "no-store"],
      [401, "no-store"], [400, "no-store"], [404, "no-store"], [413, "no-store"],
    ]);
  });
});

interface RawResult {
  status?: number;
  headers?: IncomingHttpHeaders;
  body: string;
  /** The response body arrived in full (its end event fired). */
  complete: boolean;
  /** The server ended the connection with a FIN (no reset, no error on our side). */
  socketEnded: boolean;
  errors: string[];
}

/** One request over a real socket, sending `body` in pieces as a client uploading would. */
function rawPost(port: number, path: string, body: Buffer, headers: Record<string, string | number>): Promise<RawResult> {
  return new Promise((resolve) => {
    const result: RawResult = { body: "", complete: false, socketEnded: false, errors: [] };
    // A client that asks to keep the connection, as browsers and pooled clients do.
    const agent = new Agent({ keepAlive: true });
    const req = httpRequest({ port, method: "POST", path, headers, agent });
    req.on("response", (res) => {
      result.status = res.statusCode;
      result.headers = res.headers;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (result.body += chunk));
      res.on("end", () => (result.complete = true));
    });
    req.on("error", (e) => result.errors.push(e.message));
    req.on("socket", (socket) => {
      socket.on("end", () => (result.socketEnded = true));
      socket.on("close", () => setTimeout(() => {
        agent.destroy();
        resolve(result);
      }, 10));
    });
    const step = 64 * 1024;
    const write = (at: number) => {
      if (at >= body.length) return void req.end();
      if (req.destroyed) return;
      req.write(body.subarray(at, at + step), () => setImmediate(() => write(at + step)));
    };
    write(0);
  });
}

describe("a body too large", () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0 });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const big = Buffer.alloc(3 * 1024 * 1024, "a");

  it.each([
    ["with a Content-Length", { "Content-Length": big.length }],
    ["sent in chunks", { "Transfer-Encoding": "chunked" }],
  ])("is answered 413 in full, then the connection closes cleanly (%s)", async (_how, framing) => {
    const r = await rawPost(port, "/api/blade-user/submit", big, { "Content-Type": "application/json", "Blade-Auth": `bearer ${admin}`, ...framing });
    expect(r.status).toBe(413);
    expect(r.complete).toBe(true);
    expect(JSON.parse(r.body)).toEqual({ code: 413, success: false, data: null, msg: "请求体过大" });
    expect(r.headers?.connection).toBe("close");
    expect(r.headers?.["keep-alive"]).toBeUndefined();
    expect(r.socketEnded).toBe(true);
  });

  it("at the token endpoint too, in OAuth2's shape", async () => {
    const r = await rawPost(port, "/api/blade-auth/oauth/token", big, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": big.length });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ error: "invalid_request", error_description: "请求体过大" });
    expect(r.headers?.connection).toBe("close");
    expect(r.socketEnded).toBe(true);
  });
});
