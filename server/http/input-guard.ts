import type { MiddlewareHandler } from "hono";
import { readQuery } from "./body";
import { storable } from "./text";

const decodePath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    // The router leaves malformed escapes as they are; so does this check.
    return path;
  }
};

/**
 * Before any route (and its guard) runs: the path and every query parameter must be storable.
 * Routes read through body.ts anyway; this also covers code that reads the request itself
 * (the tenant of public calls, the token grant's headers-or-query fallbacks).
 */
export const inputGuard: MiddlewareHandler = async (c, next) => {
  storable(decodePath(new URL(c.req.url).pathname), "请求路径");
  readQuery(c);
  await next();
};
