import type { MiddlewareHandler } from "hono";

/**
 * Headers of every API answer, errors included. No cache keeps an answer (signed in or not: a
 * page of users, a captcha, a tenant lookup) unless its route chose otherwise (a stored file).
 * A 413 closes the connection: the body it refused may still be arriving, so keeping the
 * connection alive would mean reading it anyway or dropping the socket under a client that
 * was promised it could reuse it. The server reads the rest before it closes (linger.ts), so that
 * a client still sending gets to read this answer.
 */
export const apiHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  if (c.res.status === 413) c.res.headers.set("Connection", "close");
};
