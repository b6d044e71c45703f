import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lingerOnUnreadBodies, type LingerLimits } from "./linger";

/**
 * The caps of the linger after an early answer, over a bare Node server that refuses every
 * request at once with Connection: close (what the API does with a 413). listen.test.ts shows the
 * client reading the answer; these show the server never waits or reads without bound.
 */
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

interface Seen {
  /** When the server let go of the connection, in ms from the first byte sent. */
  closedAfter: number;
  /** The request's body had arrived in full by then. */
  complete: boolean;
  /** Body bytes the server read after its answer. */
  drained: number;
}

async function refusingServer(limits: LingerLimits): Promise<{ port: number; seen: Promise<Seen> }> {
  let started = 0;
  let report: (seen: Seen) => void;
  const seen = new Promise<Seen>((resolve) => (report = resolve));
  server = createServer((req: IncomingMessage, res) => {
    started = Date.now();
    const socket = req.socket;
    socket.once("close", () => report({ closedAfter: Date.now() - started, complete: req.complete, drained: socket.bytesRead }));
    res.writeHead(413, { Connection: "close", "Content-Type": "text/plain" }).end("too large");
  });
  lingerOnUnreadBodies(server, limits);
  await new Promise<void>((resolve) => server!.listen(0, resolve));
  return { port: (server!.address() as AddressInfo).port, seen };
}

/**
 * Declares a body of `total` bytes and sends `sendBytes` of it in 64 KB pieces, `gapMs` apart,
 * reading the answer only once it has sent the whole body (Node's client would otherwise stop
 * sending as soon as the answer is complete).
 */
function send(port: number, total: number, sendBytes: number, gapMs: number): { answer: Promise<string> } {
  const req = httpRequest({ port, method: "POST", headers: { "Content-Length": total } });
  req.on("socket", (socket) => socket.pause());
  const answer = new Promise<string>((resolve) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve(text));
    });
    req.on("error", () => resolve("error"));
  });
  const step = 64 * 1024;
  const write = (at: number) => {
    if (req.destroyed || at >= sendBytes) return void (at >= total && req.end(() => req.socket?.resume()));
    req.write(Buffer.alloc(Math.min(step, total - at)), () => setTimeout(() => write(at + step), gapMs));
  };
  write(0);
  return { answer };
}

const MB = 1024 * 1024;

describe("after an early answer, the server reads the rest of the body only so far", () => {
  it("reads a body to its end and then closes, the client having read the answer", async () => {
    const { port, seen } = await refusingServer({ maxBytes: 4 * MB, idleMs: 1000, maxMs: 5000 });
    const { answer } = send(port, 2 * MB, 2 * MB, 5);
    expect(await answer).toBe("too large");
    expect((await seen).complete).toBe(true);
  });

  it("gives up past its byte cap: a client sending without end cannot keep it reading", async () => {
    const { port, seen } = await refusingServer({ maxBytes: 1 * MB, idleMs: 1000, maxMs: 5000 });
    send(port, 64 * MB, 64 * MB, 5);
    const s = await seen;
    expect(s.complete).toBe(false);
    expect(s.drained).toBeGreaterThan(1 * MB);
    expect(s.drained).toBeLessThan(16 * MB);
  });

  it("gives up when the client stops sending", async () => {
    const { port, seen } = await refusingServer({ maxBytes: 4 * MB, idleMs: 300, maxMs: 5000 });
    send(port, 2 * MB, 256 * 1024, 5);
    const s = await seen;
    expect(s.complete).toBe(false);
    expect(s.closedAfter).toBeGreaterThanOrEqual(300);
    expect(s.closedAfter).toBeLessThan(2000);
  });

  it("gives up after its time cap, however steadily the bytes trickle in", async () => {
    const { port, seen } = await refusingServer({ maxBytes: 64 * MB, idleMs: 1000, maxMs: 500 });
    send(port, 8 * MB, 8 * MB, 50);
    const s = await seen;
    expect(s.complete).toBe(false);
    expect(s.closedAfter).toBeGreaterThanOrEqual(500);
    expect(s.closedAfter).toBeLessThan(2000);
  });
});
