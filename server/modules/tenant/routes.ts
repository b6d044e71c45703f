import type { AppContext } from "../../context";
import { queryParam } from "../../http/body";
import { ok } from "../../http/errors";
import { PUBLIC, defineRoutes } from "../../security/authorize";
import { tenantOfDomain } from "../../security/tenants";

/** Host names as browsers send them: case-insensitive, without a port or a trailing dot. */
export function normaliseDomain(value: string | undefined): string {
  let host = (value ?? "").trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").split(/[/?#]/)[0];
  host = host.startsWith("[") ? host.replace(/^(\[[^\]]*\]):\d+$/, "$1") : host.replace(/:\d+$/, "");
  return host.replace(/\.$/, "").slice(0, 255);
}

/** /blade-system/tenant. */
export function tenantRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      // Tenant mode: the login page asks which tenant the domain it was served from belongs to.
      // Public, so it answers the tenant id only, and only for an enabled tenant.
      method: "GET",
      path: "/info",
      access: PUBLIC,
      handler: async (c) => {
        const domain = normaliseDomain(queryParam(c, "domain"));
        return ok(c, (domain && (await tenantOfDomain(ctx.db, domain))) || {});
      },
    },
  ]);
}
