import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Page, UserVO } from "../../../src/contract";
import type { Db } from "../../db/connection";
import { isId, isIdOrRoot, nextId, splitIds } from "../../db/ids";
import { date, idField, int, parseQuery, text, toPage, type FilterFields } from "../../db/query";
import { user, userDept } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import { hashPlainPassword } from "../../security/password";
import { revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { deptSubtreeIds } from "../dept/service";
import { checkReferences, hasAdministratorRole, userColumns } from "./input";
import { toUserVOs, type UserRow } from "./vo";

export const MSG_ACCOUNT_TAKEN = "当前账号已被使用!";

const FIELDS: FilterFields = {
  id: idField(user.id),
  account: text(user.account),
  realName: text(user.realName),
  name: text(user.name),
  phone: text(user.phone),
  email: text(user.email),
  code: text(user.code),
  status: int(user.status),
  sex: int(user.sex),
  userType: int(user.userType),
  deptId: text(user.deptId),
  roleId: text(user.roleId),
  postId: text(user.postId),
  createTime: date(user.createTime),
  updateTime: date(user.updateTime),
};

/** Tenants are the administrator's to filter by; for anyone else the field does not exist. */
const ADMIN_FIELDS: FilterFields = { ...FIELDS, tenantId: text(user.tenantId) };

const listed = (column: SQL | typeof user.roleId, id: string) => sql`(',' || ${column} || ',') like ${`%,${id},%`}`;

/**
 * /blade-user/page: deptId means that department and everything below it (BladeX), roleId means
 * "holds this role"; every other key is the Blade grammar over FIELDS.
 */
export async function userPage(db: Db, scope: TenantScope, params: Record<string, string>): Promise<Page<UserVO>> {
  const fields = scope.crossTenant ? ADMIN_FIELDS : FIELDS;
  const q = parseQuery(params, fields, { reserved: ["deptId", "roleId"], defaultOrder: [desc(user.createTime), desc(user.id)] });
  const conditions: (SQL | undefined)[] = [scope.live(user, undefined, true), q.where];
  if (params.deptId) {
    const ids = splitIds(params.deptId);
    if (ids.length !== 1 || !isIdOrRoot(ids[0])) throw badRequest("请求参数格式错误: deptId");
    const subtree = await deptSubtreeIds(db, scope, ids[0]);
    if (subtree.length === 0) return toPage([], 0, q.current, q.size);
    conditions.push(inArray(user.id, db.select({ id: userDept.userId }).from(userDept).where(inArray(userDept.deptId, subtree))));
  }
  if (params.roleId) {
    if (!isId(params.roleId)) throw badRequest("请求参数格式错误: roleId");
    conditions.push(listed(user.roleId, params.roleId));
  }
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(user).where(where);
  const rows = await db
    .select()
    .from(user)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  return toPage(await toUserVOs(db, rows), Number(total), q.current, q.size);
}

export async function userDetail(db: Db, scope: TenantScope, id: string): Promise<UserVO> {
  const [row] = await scope.own(user, [id], "用户不存在");
  return (await toUserVOs(db, [row]))[0];
}

async function assertAccountFree(db: Db, scope: TenantScope, tenantId: string, account: string, exceptId?: string) {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(scope.live(user, tenantId), eq(user.account, account)));
  if (rows.some((r) => r.id !== exceptId)) throw badRequest(MSG_ACCOUNT_TAKEN, [{ field: "account", message: MSG_ACCOUNT_TAKEN }]);
}

async function syncUserDepts(db: Db, userId: string, deptIds: string) {
  await db.delete(userDept).where(eq(userDept.userId, userId));
  const ids = splitIds(deptIds);
  if (ids.length) await db.insert(userDept).values(ids.map((deptId) => ({ id: nextId(), userId, deptId })));
}

/** The unique index catches what the pre-check cannot: two creates racing for one account. */
export async function uniqueAccount<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === "23505" || e.cause?.code === "23505") throw badRequest(MSG_ACCOUNT_TAKEN, [{ field: "account", message: MSG_ACCOUNT_TAKEN }]);
    throw error;
  }
}

/** Body already validated. One transaction: the user and its dept links, or nothing. */
export async function createUser(db: Db, scope: TenantScope, body: Record<string, unknown>): Promise<UserVO> {
  const tenantId = await scope.writeTenant(body.tenantId);
  const cols = userColumns(body);
  await checkReferences(db, scope, tenantId, cols);
  const password = await hashPlainPassword(String(body.password));
  const id = nextId();
  await uniqueAccount(() =>
    db.transaction(async (tx) => {
      await assertAccountFree(tx, scope, tenantId, cols.account!);
      await tx.insert(user).values(scope.stamp({ ...cols, id, account: cols.account!, password }, tenantId));
      await syncUserDepts(tx, id, cols.deptId ?? "");
    }),
  );
  return userDetail(db, scope, id);
}

async function guardAdministrators(db: Db, scope: TenantScope, rows: UserRow[]) {
  if (scope.crossTenant) return;
  for (const row of rows) {
    if (await hasAdministratorRole(db, row.roleId)) throw forbidden("无权操作超级管理员");
  }
}

/** Updates the fields given; the password is not changed here (it has its own calls). */
export async function updateUser(db: Db, scope: TenantScope, id: string, body: Record<string, unknown>): Promise<UserVO> {
  const [row] = await scope.own(user, [id], "用户不存在");
  await guardAdministrators(db, scope, [row]);
  const cols = userColumns(body);
  await checkReferences(db, scope, row.tenantId, cols);
  await uniqueAccount(() =>
    db.transaction(async (tx) => {
      if (cols.account !== undefined && cols.account !== row.account) await assertAccountFree(tx, scope, row.tenantId, cols.account, id);
      await tx.update(user).set({ ...cols, ...scope.touch() }).where(eq(user.id, id));
      if (cols.deptId !== undefined) await syncUserDepts(tx, id, cols.deptId);
    }),
  );
  return userDetail(db, scope, id);
}

/** Logical delete of all the ids or none; their sessions end at once. */
export async function removeUsers(db: Db, scope: TenantScope, ids: string[]): Promise<void> {
  if (ids.length === 0) throw badRequest("请选择要删除的用户");
  if (!ids.every(isId)) throw badRequest("请求参数格式错误: ids");
  if (ids.includes(scope.caller.userId)) throw badRequest("不能删除当前登录的用户");
  const rows = await scope.own(user, ids, "用户不存在");
  await guardAdministrators(db, scope, rows);
  await db.transaction(async (tx) => {
    await tx.update(user).set({ isDeleted: 1, ...scope.touch() }).where(inArray(user.id, ids));
    await tx.delete(userDept).where(inArray(userDept.userId, ids));
    await revokeUserSessions(tx, ids, "user_deleted");
  });
}
