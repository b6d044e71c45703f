import { ADMINISTRATOR_ALIAS } from "../../../domain/contract";
import { dept, post, role } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { clip } from "../../http/text";
import type { TenantScope } from "../../security/tenant-scope";
import { splitNames } from "./excel-columns";
import { rolesBeyondOwn } from "./grantable";
import { hasAdministratorRole } from "./input";

interface Named {
  id: string;
  names: string[];
}

interface TenantRefs {
  roles: Map<string, Named[]>;
  depts: Map<string, Named[]>;
  posts: Map<string, Named[]>;
  /** Roles the caller may not hand out: the administrator role, and roles beyond its own grants. */
  adminRoles: Set<string>;
  beyondOwn: Set<string>;
}

export interface ResolvedRefs {
  roleId?: string;
  deptId?: string;
  postId?: string;
  problems: string[];
}

/** name → rows answering to it (a department also by its full name). */
function index(rows: Named[]): Map<string, Named[]> {
  const out = new Map<string, Named[]>();
  for (const row of rows) {
    for (const name of new Set(row.names.filter(Boolean))) out.set(name, [...(out.get(name) ?? []), row]);
  }
  return out;
}

/**
 * What an import's names mean in each tenant it writes to: tenant codes, and role, department and
 * post names → ids, each read once per tenant through the repository (so only what the caller may
 * see can be named), with the roles the caller may not hand out marked.
 */
export class TenantNames {
  private readonly tenants = new Map<string, string | undefined>();
  private readonly refs = new Map<string, Promise<TenantRefs>>();
  private readonly admins = new Map<string, Promise<boolean>>();

  constructor(private readonly scope: TenantScope) {}

  /** The tenant a row's code names: blank is the caller's; another tenant only for the platform administrator. */
  async tenant(code: string): Promise<string | undefined> {
    if (code === "" || code === this.scope.tenantId) return this.scope.tenantId;
    if (!this.tenants.has(code)) {
      let found: string | undefined;
      try {
        found = await this.scope.writeTenant(code);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
      }
      this.tenants.set(code, found);
    }
    return this.tenants.get(code);
  }

  private load(tenantId: string): Promise<TenantRefs> {
    let refs = this.refs.get(tenantId);
    if (!refs) {
      refs = (async () => {
        const roles = await this.scope.repo(role).list(undefined, { tenantId });
        const depts = await this.scope.repo(dept).list(undefined, { tenantId });
        const posts = await this.scope.repo(post).list(undefined, { tenantId });
        return {
          roles: index(roles.map((r) => ({ id: r.id, names: [r.roleName] }))),
          depts: index(depts.map((d) => ({ id: d.id, names: [d.deptName, d.fullName] }))),
          posts: index(posts.map((p) => ({ id: p.id, names: [p.postName] }))),
          adminRoles: new Set(this.scope.crossTenant ? [] : roles.filter((r) => r.roleAlias === ADMINISTRATOR_ALIAS).map((r) => r.id)),
          beyondOwn: await rolesBeyondOwn(this.scope, roles.map((r) => r.id)),
        };
      })();
      this.refs.set(tenantId, refs);
    }
    return refs;
  }

  /** The ids of a row's role, department and post names, or why a name does not do. */
  async resolve(tenantId: string, cells: { roleName: string; deptName: string; postName: string }): Promise<ResolvedRefs> {
    const refs = await this.load(tenantId);
    const problems: string[] = [];
    const pick = (cell: string, names: Map<string, Named[]>, column: string, kind: string, hint = "") => {
      const ids: string[] = [];
      for (const name of splitNames(cell)) {
        const found = names.get(name) ?? [];
        if (found.length === 1) ids.push(found[0].id);
        else problems.push(found.length ? `${column}「${clip(name, 30)}」有多个同名${kind}${hint}` : `${column}「${clip(name, 30)}」不存在`);
      }
      return ids.length && ids.length === splitNames(cell).length ? [...new Set(ids)].join(",") : undefined;
    };
    const roleId = pick(cells.roleName, refs.roles, "所属角色", "角色");
    for (const id of roleId?.split(",") ?? []) {
      const name = [...refs.roles].find(([, rows]) => rows.some((r) => r.id === id))?.[0] ?? id;
      if (refs.adminRoles.has(id)) problems.push(`无权分配超级管理员角色「${name}」`);
      else if (refs.beyondOwn.has(id)) problems.push(`无权分配超出自身权限的角色「${name}」`);
    }
    const deptId = pick(cells.deptName, refs.depts, "所属部门", "部门", ",请填写部门全称");
    const postId = pick(cells.postName, refs.posts, "所属岗位", "岗位");
    return { roleId, deptId, postId, problems };
  }

  /** Whether an existing user holds the administrator role (only the platform's may touch them). */
  isAdministrator(roleIds: string): Promise<boolean> {
    if (this.scope.crossTenant) return Promise.resolve(false);
    let known = this.admins.get(roleIds);
    if (!known) this.admins.set(roleIds, (known = hasAdministratorRole(this.scope, roleIds)));
    return known;
  }
}
