import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { formatMessage, patterns, validateMobile } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { user } from "../../db/schema";
import { queryParam } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { PUBLIC, type RouteSpec } from "../../security/authorize";
import { issueCode, type CodePurpose } from "../../security/codes";
import { publicTenant } from "../../security/tenants";
import { clientIp } from "../../http/client-ip";
import { RATE_LIMITED } from "../../http/route-doc";
import type { CodeChannel } from "../../notify/sender";
import { signInScope } from "./checks";

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
  return (await signInScope(ctx, tenantId).repo(user).count(eq(column, value))) > 0;
}

/**
 * smsCode (sign-in), smsCodeNew and sendMailCode (find password). The find-password variants send
 * only to a phone or address of an account of the tenant, yet answer exactly the same way (an id,
 * the same rate limit) when there is none, so they cannot be used to find out who has an account.
 */
export function codeRouteSpecs(ctx: AppContext): RouteSpec[] {
  const send = async (c: Context<AppEnv>, channel: CodeChannel, purpose: CodePurpose, target: string, deliver: (t: string) => Promise<boolean>) => {
    ctx.limiter.take("codePerIp", clientIp(c));
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
      doc: RATE_LIMITED,
      handler: (c) => send(c, "sms", "login", checkPhone(queryParam(c, "phone")), async () => true),
    },
    {
      method: "GET",
      path: "/oauth/smsCodeNew",
      access: PUBLIC,
      doc: RATE_LIMITED,
      handler: (c) => {
        const phone = checkPhone(queryParam(c, "phone"));
        return send(c, "sms", "reset", phone, (tenantId) => hasAccount(ctx, tenantId, user.phone, phone));
      },
    },
    {
      method: "GET",
      path: "/oauth/sendMailCode",
      access: PUBLIC,
      doc: RATE_LIMITED,
      handler: (c) => {
        const email = checkEmail(queryParam(c, "email"));
        return send(c, "mail", "reset", email, (tenantId) => hasAccount(ctx, tenantId, user.email, email));
      },
    },
  ];
}
