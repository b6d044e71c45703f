import { ok } from "../../http/errors";
import { queryParam, readJsonObject, readParams } from "../../http/body";
import { clientIp } from "../../http/client-ip";
import { RATE_LIMITED } from "../../http/route-doc";
import type { ApiModule } from "../../kit/module";
import { PUBLIC, can, defineRoutes } from "../../security/authorize";
import { publicTenant } from "../../security/tenants";
import { changeExpiredPassword } from "./expired";
import { passwordRegex, readPolicy, resetPolicy, savePolicy } from "./service";

/** Menu /system/cryptographicPolicy/index: its menu code reads, its edit button saves. */
export const POLICY_CODES = { view: "cryptographicPolicy", edit: "cryptographicPolicy_edit" } as const;

/**
 * /blade-system/sysConfig, the password policy's routes (mail and third-party login mount their own
 * routers on the same base). getPasswordRegex is public: the find-password and registration forms
 * need it before anyone is signed in, and rules for choosing a password are no secret.
 */
export const passwordPolicyModule: ApiModule = {
  base: "/blade-system/sysConfig",
  routes: (ctx) =>
    defineRoutes(ctx, [
      {
        method: "GET",
        path: "/getPasswordPolicy",
        access: can(POLICY_CODES.view),
        handler: async (c) => ok(c, await readPolicy(c.var.scope, queryParam(c, "tenantId"))),
      },
      {
        method: "GET",
        path: "/getPasswordRegex",
        access: PUBLIC,
        handler: async (c) => ok(c, await passwordRegex(ctx, await publicTenant(ctx, c))),
      },
      {
        method: "POST",
        path: "/passwordAddUpdate",
        access: can(POLICY_CODES.edit),
        handler: async (c) => ok(c, await savePolicy(c.var.scope, await readJsonObject(c))),
      },
      {
        method: "POST",
        path: "/passwordPolicyReset",
        access: can(POLICY_CODES.edit),
        handler: async (c) => ok(c, await resetPolicy(c.var.scope, (await readParams(c)).tenantId)),
      },
      {
        method: "POST",
        path: "/updateExpiredPassword",
        access: PUBLIC,
        doc: RATE_LIMITED,
        handler: async (c) => {
          ctx.limiter.take("selfServicePerIp", clientIp(c));
          const body = await readJsonObject(c);
          await changeExpiredPassword(ctx, await publicTenant(ctx, c), body);
          return ok(c, true);
        },
      },
    ]),
};
