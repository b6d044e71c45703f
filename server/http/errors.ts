import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { MSG_OK, MSG_UNAUTHORIZED, type R } from "../../domain/contract";

export const MSG_FORBIDDEN = "请求被拒绝";
/** A tenant that does not exist, or is not the caller's to name: ids of other tenants cannot be probed. */
export const MSG_TENANT_NOT_FOUND = "租户ID未找到";
export const MSG_SERVER_ERROR = "服务器异常";
export const MSG_NOT_FOUND = "404 没找到请求";

/** A failure that the envelope reports as is: HTTP status = body code. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** A failure of the token endpoint, which answers OAuth2-style `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (msg: string, data: unknown = null) => new ApiError(400, msg, data);
export const unauthorized = () => new ApiError(401, MSG_UNAUTHORIZED);
export const forbidden = (msg = MSG_FORBIDDEN) => new ApiError(403, msg);
export const otherTenant = () => badRequest(MSG_TENANT_NOT_FOUND);
export const invalidGrant = (description: string) => new OAuthError(400, "invalid_grant", description);

export function envelope<T>(code: number, msg: string, data: T): R<T> {
  return { code, success: code === 200, data, msg };
}

export const ok = <T>(c: Context, data: T) => c.json(envelope(200, MSG_OK, data), 200);
