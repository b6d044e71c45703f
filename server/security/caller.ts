import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../src/contract";

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
}

export function isPlatformAdministrator(tenantId: string, roleAliases: string[]): boolean {
  return tenantId === DEFAULT_TENANT_ID && roleAliases.includes(ADMINISTRATOR_ALIAS);
}
