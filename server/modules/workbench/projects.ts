import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS } from "../../../domain/contract";
import { SAMPLE_PROJECTS, type SampleProject } from "../../../domain/resources/dataAssets/sample/data";
import { role, user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { TenantScope } from "../../security/tenant-scope";

/**
 * §7 "Projects": the projects the data-asset pages show (the §3/§9 sample projects, the same for
 * every tenant, kept in domain/) and who administers them. The sample carries no membership, so
 * everyone who may open the project pages has the same projects, and a project's administrators
 * are its tenant's administrators: the people to ask for access or a change.
 */

/** The role aliases of a tenant's administrators (the platform's `administrator` lives in 000000 only). */
const ADMIN_ALIASES = [ADMINISTRATOR_ALIAS, "admin"];
/** A project's administrators are few; a tenant with more than this many lists the first ones. */
export const MAX_ADMIN_USERS = 50;
export const MSG_PROJECT_MISSING = "项目不存在";

/** What the card needs of a project. */
export type MyProject = Pick<SampleProject, "id" | "projectName" | "description" | "classifyType" | "dbType" | "userCount" | "isCollect" | "updateTime">;

/** The enabled projects, favourites (isCollect) first, then the most recently changed. */
export function myProjects(): MyProject[] {
  return SAMPLE_PROJECTS.filter((p) => p.status === 1)
    .sort((a, b) => b.isCollect - a.isCollect || b.updateTime.localeCompare(a.updateTime))
    .map(({ id, projectName, description, classifyType, dbType, userCount, isCollect, updateTime }) => ({
      id,
      projectName,
      description,
      classifyType,
      dbType,
      userCount,
      isCollect,
      updateTime,
    }));
}

/** An administrator as the card shows them: who they are, not their roles or contact details. */
export interface AdminUser {
  id: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
}

const listed = (id: string) => sql`(',' || ${user.roleId} || ',') like ${`%,${id},%`}`;

/**
 * getAdminUsers[?projectId]: the enabled users of the caller's tenant holding its administrator
 * role. Read without the caller's data scope (an ordinary user must see whom to ask), but only
 * in the caller's own tenant, also for the platform administrator.
 */
export async function adminUsers(scope: TenantScope, projectId: string | undefined): Promise<AdminUser[]> {
  if (projectId !== undefined && !SAMPLE_PROJECTS.some((p) => p.id === projectId)) throw badRequest(MSG_PROJECT_MISSING);
  // The caller's tenant as a whole: the data layer confines it, and no data scope narrows it.
  const own = scope.systemIn(scope.tenantId);
  const roles = await own.repo(role).list(inArray(role.roleAlias, ADMIN_ALIASES));
  if (roles.length === 0) return [];
  const rows = await own.repo(user).list(and(eq(user.status, 1), or(...roles.map((r) => listed(r.id)))), {
    orderBy: [asc(user.account)],
    limit: MAX_ADMIN_USERS,
  });
  return rows.map((u) => ({ id: u.id, account: u.account, name: u.name, realName: u.realName, avatar: u.avatar }));
}
