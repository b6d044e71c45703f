import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { envelope } from "./errors";

/**
 * The token endpoint (and its /refresh alias) speaks OAuth2: every failure there, whatever
 * raised it (a malformed parameter, a body too large, an unexpected exception), answers
 * `{error, error_description}` and never the R envelope the console would not read there.
 */
const TOKEN_ENDPOINT = "/api/blade-auth/oauth/token";

export const isTokenEndpoint = (path: string) => path === TOKEN_ENDPOINT || path.startsWith(`${TOKEN_ENDPOINT}/`);

/** RFC 6749 §5.2 codes by status (429 as the grant's own rate limit names it). */
const OAUTH_ERROR: Partial<Record<number, string>> = {
  400: "invalid_request",
  401: "invalid_client",
  403: "access_denied",
  404: "invalid_request",
  413: "invalid_request",
  429: "too_many_requests",
};

/** A failure in the shape the route speaks: OAuth2 at the token endpoint, else the R envelope. */
export function failure(c: Context, status: ContentfulStatusCode, msg: string, data: unknown = null): Response {
  if (isTokenEndpoint(c.req.path)) {
    const error = OAUTH_ERROR[status] ?? (status >= 500 ? "server_error" : "invalid_request");
    return c.json({ error, error_description: msg }, status);
  }
  return c.json(envelope(status, msg, data), status);
}
