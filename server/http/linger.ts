import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";

/**
 * A refusal the client can read. A 413 (or a 401 on an upload) is answered before the body has
 * arrived; Node then closes the socket as soon as the answer is written (Connection: close), and
 * @hono/node-server after half a second of draining. Closing a socket with unread bytes makes the
 * kernel send a reset, and a client still sending (a browser uploading 30 MB, curl, an API client)
 * loses the answer with it: it sees ECONNRESET or EPIPE instead of the message.
 *
 * So a socket closed while its request is still arriving lingers, as web servers do: the answer is
 * finished with a FIN (the client reads it once it stops sending), the rest of the body is read and
 * discarded (Node's parser drops the bytes of a dumped request, so memory stays bounded), and the
 * socket is destroyed when the body is complete, or when a cap is reached: too many bytes, too
 * long without a byte, or too long in all. A client past a cap gets the reset it would have got.
 */
export interface LingerLimits {
  /** Bytes read and discarded after the answer before giving up. */
  maxBytes: number;
  /** Milliseconds without a byte before giving up. */
  idleMs: number;
  /** Milliseconds in all before giving up. */
  maxMs: number;
}

export const LINGER_LIMITS: LingerLimits = { maxBytes: 64 * 1024 * 1024, idleMs: 10_000, maxMs: 60_000 };

/** How often the caps are checked; the bytes themselves are counted by the socket. */
const TICK_MS = 100;

function linger(socket: Socket, request: IncomingMessage, closeSoon: () => void, limits: LingerLimits): void {
  const started = Date.now();
  const startBytes = socket.bytesRead;
  let lastBytes = startBytes;
  let lastProgress = started;
  const stop = () => {
    clearInterval(timer);
    request.off("end", complete);
    socket.off("close", stop);
  };
  // Every byte read: the socket closes as Node would have closed it at once.
  const complete = () => {
    stop();
    closeSoon();
  };
  const timer = setInterval(() => {
    const now = Date.now();
    if (socket.bytesRead !== lastBytes) {
      lastBytes = socket.bytesRead;
      lastProgress = now;
    }
    if (request.complete) return complete();
    if (lastBytes - startBytes > limits.maxBytes || now - lastProgress > limits.idleMs || now - started > limits.maxMs) {
      stop();
      socket.destroy();
    }
  }, TICK_MS);
  timer.unref();
  request.once("end", complete);
  socket.once("close", stop);
  // The answer goes out with a FIN; the read side stays open (Node's HTTP sockets allow half-open).
  socket.end();
  // Discard the rest as Node's own dump does (it skips a request something began to read): the
  // answer is written, so whatever still listens (the web stream of a body limit that stopped
  // reading, and that holds the socket paused) will never use it.
  request.removeAllListeners("data");
  request.resume();
}

/** Makes every connection of `server` linger as described above; call once, before listening. */
export function lingerOnUnreadBodies(server: Server, limits: LingerLimits = LINGER_LIMITS): void {
  const current = new WeakMap<Socket, IncomingMessage>();
  server.on("request", (request: IncomingMessage) => current.set(request.socket, request));
  server.on("connection", (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket);
    let lingering = false;
    // Node (after an answer with Connection: close) and @hono/node-server (its drain's time and
    // byte caps) close a connection through destroySoon; other closes (errors, timeouts, server
    // shutdown) call destroy and stay immediate.
    socket.destroySoon = () => {
      const request = current.get(socket);
      if (lingering) return;
      if (!request || request.complete || socket.destroyed) return destroySoon();
      lingering = true;
      linger(socket, request, destroySoon, limits);
    };
  });
}
