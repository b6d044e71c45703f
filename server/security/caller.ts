import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../domain/contract";
import type { DataScopeRule } from "./data-scope";

/** Who is calling, as the access token says. */
export interface Caller {
  userId: string;
  tenantId: string;
  account: string;
  realName: string;
  clientId: string;
  /** The auth_session the token belongs to. */
  sessionId: string;
  deptIds: string[];
  roleIds: string[];
  roleAliases: string[];
  /** The platform administrator: role alias `administrator` in tenant 000000. Crosses tenants. */
  isAdministrator: boolean;
  /** The user_oauth binding the session was opened with ("" for other sign-ins). */
  oauthId: string;
  /**
   * A first third-party sign-in with no account yet (user_id -1): it may only register, read its
   * own info and log out.
   */
  isGuest: boolean;
  /**
   * The server itself acting in one tenant where nobody is signed in yet (sign-in, self-service
   * registration, find-password). Never an administrator, holds no role, crosses no tenant.
   */
  isSystem: boolean;
  /**
   * The permission codes the route asked for, answered with the session (see authenticate.ts):
   * a handler checking one of them needs no further query.
   */
  granted?: ReadonlyMap<string, boolean>;
  /** The §6 data scopes the caller's roles hold (applied by TenantScope.dataScope). */
  dataScopes?: DataScopeRule[];
  /** Every API scope path pattern, and whether the caller's roles hold it (see authorize.ts). */
  apiScopes?: ApiScopeRule[];
}

export interface ApiScopeRule {
  path: string;
  held: boolean;
}

/** The user id of a guest session, as BladeX answers it for an unbound social sign-in. */
export const GUEST_USER_ID = "-1";

/** The user id the system acts under when it acts on nobody's behalf. */
export const SYSTEM_USER_ID = "0";

/** The system in `tenantId`, on behalf of `userId` (an account acting on itself) or of nobody. */
export function systemCaller(tenantId: string, userId: string = SYSTEM_USER_ID): Caller {
  return {
    userId,
    tenantId,
    account: "",
    realName: "",
    clientId: "",
    sessionId: "",
    deptIds: [],
    roleIds: [],
    roleAliases: [],
    isAdministrator: false,
    oauthId: "",
    isGuest: false,
    isSystem: true,
  };
}

/**
 * The system across every tenant: background work of the platform (the synchronisers' schedule)
 * finding its rows in all tenants before it acts in each as that tenant's system. Never a request's.
 */
export function platformSystemCaller(): Caller {
  return { ...systemCaller(DEFAULT_TENANT_ID), account: "system", isAdministrator: true };
}

export function isPlatformAdministrator(tenantId: string, roleAliases: string[]): boolean {
  return tenantId === DEFAULT_TENANT_ID && roleAliases.includes(ADMINISTRATOR_ALIAS);
}
