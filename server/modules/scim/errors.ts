import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError } from "../../http/errors";

/** RFC 7644 §3.12 — the `scimType` of a 400 (and 409 uniqueness). */
export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers"
  | "sensitive";

export const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
/** RFC 7644 §8.1: the media type of every SCIM answer. */
export const SCIM_MEDIA_TYPE = "application/scim+json";

/** A failure answered as the SCIM error body, never the Blade envelope (an identity provider reads it). */
export class ScimError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const invalidSyntax = (detail: string) => new ScimError(400, detail, "invalidSyntax");
export const invalidValue = (detail: string) => new ScimError(400, detail, "invalidValue");
export const invalidFilter = (detail: string) => new ScimError(400, detail, "invalidFilter");
export const invalidPath = (detail: string) => new ScimError(400, detail, "invalidPath");
export const noTarget = (detail: string) => new ScimError(400, detail, "noTarget");
export const mutability = (detail: string) => new ScimError(400, detail, "mutability");
export const uniqueness = (detail: string) => new ScimError(409, detail, "uniqueness");
export const notFound = (detail: string) => new ScimError(404, detail);
export const unauthorizedScim = () => new ScimError(401, "缺少或无效的 SCIM 令牌");

/** A SCIM answer: the body as `application/scim+json`. */
export function scimJson(c: Context, body: unknown, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(body), status, { "Content-Type": SCIM_MEDIA_TYPE, ...headers });
}

/**
 * Any failure as the RFC 7644 error body. The server's own 400s (ApiError from the body readers
 * and the writers: a name too long, an account taken) keep their Chinese message as `detail`;
 * anything unexpected is logged by the caller and answered without its internals.
 */
export function errorBody(err: ScimError | ApiError): { status: ContentfulStatusCode; body: Record<string, unknown> } {
  const scimType = err instanceof ScimError ? err.scimType : err.status === 400 ? "invalidValue" : undefined;
  const detail = err instanceof ScimError ? err.detail : err.message;
  return {
    status: err.status,
    body: { schemas: [SCIM_ERROR], status: String(err.status), ...(scimType && { scimType }), detail },
  };
}
