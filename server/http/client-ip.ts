import type { Context } from "hono";

/**
 * The peer address from @hono/node-server's bindings; X-Forwarded-For only when the operator says
 * a proxy sets it (BLADE_TRUST_PROXY=1), since anyone can send that header.
 */
export function clientIp(c: Context): string {
  if (process.env.BLADE_TRUST_PROXY === "1") {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "";
}
