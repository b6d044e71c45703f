import type { Context } from "hono";
import { and, eq } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../../src/contract";
import { formatMessage, patterns, validateMobile } from "../../../src/validation";
import type { AppContext, AppEnv } from "../../context";
import { tenant, user } from "../../db/schema";
import { badRequest, ok } from "../../http/errors";
import { PUBLIC, type RouteSpec } from "../../security/authorize";
import { issueCode, type CodePurpose } from "../../security/codes";
import type { CodeChannel } from "../../notify/sender";

/** The tenant a public call names (Tenant-Id header, else tenantId), which must exist. */
export async function publicTenant(ctx: AppContext, c: Context<AppEnv>): Promise<string> {
  const tenantId = (c.req.header("tenant-id") || c.req.query("tenantId") || DEFAULT_TENANT_ID).trim();
  const rows =
    tenantId.length <= 12
      ? await ctx.db
          .select({ id: tenant.id })
          .from(tenant)
          .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0), eq(tenant.status, 1)))
      : [];
  if (rows.length === 0) throw badRequest("租户ID未找到");
  return tenantId;
}

function checkPhone(value: string | undefined): string {
  const phone = (value ?? "").trim();
  const error = validateMobile(phone);
  if (error) throw badRequest(error);
  return phone;
}

function checkEmail(value: string | undefined): string {
  const email = (value ?? "").trim();
  if (email.length > 255 || !patterns.email.test(email)) throw badRequest(formatMessage("emailFormat"));
  return email;
}

async function hasAccount(ctx: AppContext, tenantId: string, column: typeof user.phone | typeof user.email, value: string) {
  const rows = await ctx.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(column, value), eq(user.isDeleted, 0)))
    .limit(1);
  return rows.length === 1;
}

/**
 * smsCode (sign-in), smsCodeNew and sendMailCode (find password). The find-password variants send
 * only to a phone or address of an account of the tenant, yet answer exactly the same way (an id,
 * the same rate limit) when there is none, so they cannot be used to find out who has an account.
 */
export function codeRouteSpecs(ctx: AppContext): RouteSpec[] {
  const send = async (c: Context<AppEnv>, channel: CodeChannel, purpose: CodePurpose, target: string, deliver: (t: string) => Promise<boolean>) => {
    const tenantId = await publicTenant(ctx, c);
    const id = await issueCode(ctx, { tenantId, channel, purpose, target }, await deliver(tenantId));
    c.header("Cache-Control", "no-store");
    return ok(c, { id });
  };
  return [
    {
      method: "GET",
      path: "/oauth/smsCode",
      access: PUBLIC,
      handler: (c) => send(c, "sms", "login", checkPhone(c.req.query("phone")), async () => true),
    },
    {
      method: "GET",
      path: "/oauth/smsCodeNew",
      access: PUBLIC,
      handler: (c) => {
        const phone = checkPhone(c.req.query("phone"));
        return send(c, "sms", "reset", phone, (tenantId) => hasAccount(ctx, tenantId, user.phone, phone));
      },
    },
    {
      method: "GET",
      path: "/oauth/sendMailCode",
      access: PUBLIC,
      handler: (c) => {
        const email = checkEmail(c.req.query("email"));
        return send(c, "mail", "reset", email, (tenantId) => hasAccount(ctx, tenantId, user.email, email));
      },
    },
  ];
}
