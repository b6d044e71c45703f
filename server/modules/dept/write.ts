import { and, asc, eq, inArray, like, notInArray, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import { deptSpec } from "../../../domain/resources/system/dept/spec";
import { permissionCodes, validateResource, valuesOf } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { dept, user, userDept } from "../../db/schema";
import { readJsonObject } from "../../http/body";
import { badRequest } from "../../http/errors";
import { fieldErrors, isUpdate, requireId } from "../../kit/crud";
import { requirePermission } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { MAX_ANCESTORS_LENGTH, ancestorsUnder, isSelfOrBelow, movedAncestors, normaliseParent, pathOf, TOP } from "./paths";
import { MSG_DEPT_MISSING, toDeptVOs, type DeptRow, type DeptVO } from "./service";

const codes = permissionCodes(deptSpec);

export const MSG_PARENT_MISSING = "上级机构不存在";
export const MSG_PARENT_LOOP = "上级机构不能是本机构或其下级机构";
export const MSG_PARENT_TENANT = "上级机构不属于该租户";
export const MSG_TOO_DEEP = `机构层级过深（层级路径超过${MAX_ANCESTORS_LENGTH}个字符）`;
/** Ids per UPDATE when a moved subtree's ancestors are rewritten. */
const REWRITE_BATCH = 1000;

/**
 * Moves, imports and repairs of one tenant's tree wait for each other: two moves crossing (A under
 * B while B goes under A) would otherwise both pass their checks and leave a loop.
 */
export async function lockTree(tx: TenantScope, tenantId: string): Promise<void> {
  await tx.lock(tenantId, "blade_dept");
}

/** A visible department to hang a child under, or the parent field's error. */
async function parentRow(tx: TenantScope, parentId: string): Promise<DeptRow | undefined> {
  if (parentId === TOP) return undefined;
  const [row] = await tx.repo(dept).list(eq(dept.id, parentId));
  if (!row) fieldErrors([{ field: "parentId", message: MSG_PARENT_MISSING }]);
  return row;
}

function assertFits(ancestorsLength: number): void {
  if (ancestorsLength > MAX_ANCESTORS_LENGTH) fieldErrors([{ field: "parentId", message: MSG_TOO_DEEP }]);
}

async function createDept(tx: TenantScope, values: Record<string, unknown>, requestedTenant: unknown): Promise<string> {
  const parentId = normaliseParent(values.parentId) ?? TOP;
  let parent = await parentRow(tx, parentId);
  // A child lives in its parent's tenant (BladeX); a top-level one in the caller's, or the one the administrator names.
  const tenantId = parent ? parent.tenantId : await tx.writeTenant(requestedTenant);
  if (parent && requestedTenant && requestedTenant !== parent.tenantId) fieldErrors([{ field: "parentId", message: MSG_PARENT_TENANT }]);
  await lockTree(tx, tenantId);
  // Read again under the lock: a move that committed meanwhile may have changed the parent's path.
  if (parent) parent = await parentRow(tx, parentId);
  const ancestors = ancestorsUnder(parent);
  assertFits(ancestors.length);
  const fullName = values.fullName || values.deptName;
  return tx.repo(dept).insert({ ...values, parentId: parent?.id ?? TOP, ancestors, fullName }, tenantId);
}

/**
 * A department and everything below it move under `parent`: the row's ancestors and every
 * descendant's are rewritten in the caller's transaction (one UPDATE per thousand rows, each
 * replacing the old path prefix by the new one in SQL).
 */
async function moveSubtree(tx: TenantScope, row: DeptRow, parent: DeptRow | undefined): Promise<string> {
  if (parent && isSelfOrBelow(parent, row.id)) fieldErrors([{ field: "parentId", message: MSG_PARENT_LOOP }]);
  // Only the platform administrator sees another tenant's rows; even it cannot move one across.
  if (parent && parent.tenantId !== row.tenantId) fieldErrors([{ field: "parentId", message: MSG_PARENT_TENANT }]);
  const ancestors = ancestorsUnder(parent);
  const oldPath = pathOf(row);
  const newPath = pathOf({ id: row.id, ancestors });
  const repo = tx.repo(dept);
  const below = await repo.list(or(eq(dept.ancestors, oldPath), like(dept.ancestors, `${oldPath},%`)), { tenantId: row.tenantId });
  const deepest = below.reduce((most, d) => Math.max(most, movedAncestors(d.ancestors, oldPath, newPath).length), ancestors.length);
  assertFits(deepest);
  const ids = below.map((d) => d.id);
  for (let i = 0; i < ids.length; i += REWRITE_BATCH) {
    const rewritten = sql`${newPath} || substr(${dept.ancestors}, ${oldPath.length + 1})`;
    await repo.update(ids.slice(i, i + REWRITE_BATCH), { ancestors: rewritten }, MSG_DEPT_MISSING);
  }
  return ancestors;
}

async function updateDept(tx: TenantScope, id: string, values: Record<string, unknown>): Promise<string> {
  const repo = tx.repo(dept);
  const existing = await repo.get(id, MSG_DEPT_MISSING);
  const next: Record<string, unknown> = { ...values };
  // A blanked full name falls back to the (new) short name, as on create.
  if (values.fullName === "") next.fullName = values.deptName ?? existing.deptName;
  const parentId = normaliseParent(values.parentId);
  delete next.parentId;
  if (parentId !== undefined && parentId !== existing.parentId) {
    await lockTree(tx, existing.tenantId);
    // Read again under the lock: a move that finished meanwhile may have changed both rows.
    const current = await repo.get(id, MSG_DEPT_MISSING);
    next.ancestors = await moveSubtree(tx, current, await parentRow(tx, parentId));
    next.parentId = parentId;
  }
  await repo.update([id], next, MSG_DEPT_MISSING);
  return id;
}

/**
 * POST /submit: create without id, update with one (absent fields keep their value). The parent
 * decides tenant and ancestors; a move rewrites the whole subtree in the same transaction.
 */
export async function submitDept(ctx: AppContext, c: Context<AppEnv>): Promise<DeptVO> {
  const body = await readJsonObject(c);
  const scope = c.var.scope;
  const updating = isUpdate(body);
  await requirePermission(ctx, c.var.caller, updating ? codes.edit : codes.create);
  const mode = updating ? "update" : "create";
  const errors = validateResource(deptSpec, body, mode);
  if (errors.length) fieldErrors(errors);
  const values = valuesOf(deptSpec, body, mode);
  const id = await scope.transaction((tx) => (updating ? updateDept(tx, requireId(body.id), values) : createDept(tx, values, body.tenantId)));
  return (await toDeptVOs(scope, await scope.repo(dept).find([id], MSG_DEPT_MISSING)))[0];
}

const quoted = (name: string) => `「${name}」`;

/**
 * Refuses a remove while departments outside the removal, or users, still hang from the removed
 * ones, naming the department and the first of them: nothing is orphaned.
 */
export async function refuseRemoveInUse(tx: TenantScope, rows: DeptRow[]): Promise<void> {
  // No child may be created or moved in below a department between this check and its removal.
  for (const tenantId of [...new Set(rows.map((r) => r.tenantId))].sort()) await lockTree(tx, tenantId);
  const ids = rows.map((r) => r.id);
  const name = (id: string) => quoted(rows.find((r) => r.id === id)?.deptName ?? id);
  const children = and(inArray(dept.parentId, ids), notInArray(dept.id, ids));
  const [child] = await tx.repo(dept).list(children, { orderBy: [asc(dept.sort), asc(dept.id)], limit: 1 });
  if (child) {
    const n = await tx.repo(dept).count(children);
    const more = n > 1 ? `等${n}个下级机构` : "";
    throw badRequest(`机构${name(child.parentId)}下还有下级机构${quoted(child.deptName)}${more}，请先删除或移走下级机构`);
  }
  // user_dept carries no tenant: it only narrows users the repository already scopes.
  const members = tx.platform(userDept).select({ id: userDept.userId }, inArray(userDept.deptId, ids));
  const [member] = await tx.repo(user).list(inArray(user.id, members), { orderBy: [asc(user.id)], limit: 1 });
  if (member) {
    const n = await tx.repo(user).count(inArray(user.id, members));
    const [link] = await tx
      .platform(userDept)
      .select({ deptId: userDept.deptId }, and(eq(userDept.userId, member.id), inArray(userDept.deptId, ids)))
      .limit(1);
    const more = n > 1 ? `等${n}名用户` : "";
    throw badRequest(`机构${name(link?.deptId ?? ids[0])}下还有用户${quoted(member.realName || member.account)}${more}，请先将用户移出该机构`);
  }
}
