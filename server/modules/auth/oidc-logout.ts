import type { AppContext } from "../../context";
import { ok } from "../../http/errors";
import { SIGNED_IN_OR_GUEST, defineRoutes } from "../../security/authorize";
import { revokeSession, revokeUserSessions } from "../../security/sessions";

/** Why the sessions ended, as the session tables record it. */
export const LOGOUT_EVERYWHERE = "logout_everywhere";

/**
 * /authentication/openid-connect/logout: the unified sign-out. OpenID Connect's RP-initiated logout
 * ends the single sign-on session, that is the user's sessions in every application; on this server
 * every session of the user is one, so all of them end (other browsers, other devices, refresh
 * tokens included), unlike /blade-auth/oauth/logout which ends only the caller's.
 */
export function oidcLogoutRoutes(ctx: AppContext) {
  return defineRoutes(ctx, [
    {
      method: "POST",
      path: "/logout",
      access: SIGNED_IN_OR_GUEST,
      handler: async (c) => {
        const caller = c.var.caller;
        // A guest (first third-party sign-in, no account yet) has no user id that names only it.
        if (caller.isGuest) await revokeSession(ctx, { id: caller.sessionId, tenantId: caller.tenantId }, LOGOUT_EVERYWHERE);
        else await revokeUserSessions(ctx, [{ id: caller.userId, tenantId: caller.tenantId }], LOGOUT_EVERYWHERE);
        return ok(c, true);
      },
    },
  ]);
}
