import type { Server } from "node:http";
import { Agent, request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "./listen";
import { basicAuth, freshApp, type TestApp } from "./test/fresh-app";
import { webApp } from "./web";

const MB = 1024 * 1024;

let t: TestApp;
let server: Server;
let port: number;
let admin: string;
// An empty console build: these requests are all API calls.
const dist = mkdtempSync(join(tmpdir(), "blade-dist-"));
beforeAll(async () => {
  // The default upload limit (BLADE_UPLOAD_MAX_MB 5), the console and API as `npm start` serves them.
  t = await freshApp({ oauth: false, uploadMaxMb: 5 });
  admin = (await t.loginAdmin()).access_token;
  ({ server, port } = await listen(webApp(t.app, dist).fetch, 0));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Outcome {
  status?: number;
  body: string;
  /** The answer arrived in full. */
  complete: boolean;
  /** What the client saw go wrong: ECONNRESET, EPIPE… */
  errors: string[];
}

/**
 * A client on a slow link that reads the answer once it has sent its request, as browsers and
 * many API clients do: the body goes out in 256 KB pieces over about 1.2 s (longer than
 * @hono/node-server's half-second drain, and still going when the server answers), and only then
 * is the answer read. A server that closes with bytes unread resets the connection, and the client
 * loses the answer waiting in its buffer.
 */
function slowPost(path: string, body: Buffer, headers: Record<string, string | number>): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { body: "", complete: false, errors: [] };
    const agent = new Agent({ keepAlive: true });
    const req = httpRequest({ port, method: "POST", path, agent, headers: { Authorization: basicAuth(), "Blade-Auth": `bearer ${admin}`, ...headers } });
    req.on("response", (res) => {
      outcome.status = res.statusCode;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (outcome.body += chunk));
      res.on("end", () => (outcome.complete = true));
    });
    req.on("error", (e: NodeJS.ErrnoException) => outcome.errors.push(e.code ?? e.message));
    req.on("socket", (socket) => {
      socket.pause();
      socket.on("close", () =>
        setTimeout(() => {
          agent.destroy();
          resolve(outcome);
        }, 10),
      );
    });
    const step = 256 * 1024;
    const delay = 1200 / Math.ceil(body.length / step);
    const write = (at: number) => {
      if (req.destroyed) return;
      if (at >= body.length) return void req.end(() => req.socket?.resume());
      req.write(body.subarray(at, at + step), () => setTimeout(() => write(at + step), delay));
    };
    write(0);
  });
}

async function multipart(mb: number): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.append("file", new File([Buffer.alloc(mb * MB, "b")], "report.pdf"));
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! };
}

const TOO_LARGE = { code: 413, success: false, data: null, msg: "请求体过大" };
const UPLOAD_TOO_LARGE = { code: 413, success: false, data: null, msg: "上传文件大小不能超过 5 MB!" };

describe("an oversized request from a client still sending", () => {
  const json = Buffer.alloc(10 * MB, "a");

  const upload = (mb: number) => async () => {
    const { body, type } = await multipart(mb);
    return slowPost("/api/blade-resource/oss/endpoint/put-file", body, { "Content-Type": type, "Content-Length": body.length });
  };
  const cases: [string, () => Promise<Outcome>, typeof TOO_LARGE][] = [
    ["a 10 MB JSON body with a Content-Length", () => slowPost("/api/blade-user/submit", json, { "Content-Type": "application/json", "Content-Length": json.length }), TOO_LARGE],
    ["a 10 MB chunked JSON body", () => slowPost("/api/blade-user/submit", json, { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }), TOO_LARGE],
    ["a 6 MB upload against the 5 MB limit", upload(6), UPLOAD_TOO_LARGE],
    ["a 30 MB upload against the 5 MB limit", upload(30), UPLOAD_TOO_LARGE],
  ];

  // Side by side: each client takes over a second to send.
  it.concurrent.each(cases)("gets the 413 and its message, not a reset (%s)", async (_what, send, envelope) => {
    const outcome = await send();
    expect(outcome.errors).toEqual([]);
    expect(outcome.status).toBe(413);
    expect(outcome.complete).toBe(true);
    expect(JSON.parse(outcome.body)).toEqual(envelope);
  });
});
