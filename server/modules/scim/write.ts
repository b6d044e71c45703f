import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { dept, syncLink, user, userDept } from "../../db/schema";
import { splitIds } from "../../db/ids";
import { saveLinks } from "../../kit/provision-depts";
import { Provisioner, type ExternalUser, type ProvisionItem } from "../../kit/provision";
import type { TenantScope } from "../../security/tenant-scope";
import { invalidValue, ScimError, uniqueness } from "./errors";
import type { ScimCall } from "./route";
import { recordTask } from "./task";
import { accountIs, externalIdsOf, LOCAL_EXTERNAL, SCIM_SYNC_ID, type UserRow, type UserValues } from "./users";

/**
 * Every SCIM write goes through the provisioning writer (server/kit/provision.ts), as the
 * synchronisers' do, so a pushed user is written exactly like a pulled one: through the
 * repositories, in the operation log as SCIM (ScimCall.writer), with the SCIM links (synchronizerId
 * "0") kept. Each write is then one task result (task.ts) with its items.
 *
 * SCIM addresses objects by our id, the provisioner by external id: before it runs, the objects
 * concerned get a SCIM link if they have none (`#<local id>`, an external id never shown) with an
 * empty digest, so the provisioner compares against the row itself and a push always makes the
 * local user what the push says.
 */

const OPTIONS = { synchronizerId: SCIM_SYNC_ID, conflictPolicy: "skip" as const, roleId: "0", targetDeptId: "0" };

/** `#<id>` or a fresh `#<uuid>`: an external id for an object the identity provider did not name. */
const madeUp = (id: string = randomUUID()) => `${LOCAL_EXTERNAL}${id}`;

/** The links of these local objects, made where missing; local id → external id. */
async function ensureLinks(tx: TenantScope, objectType: "user" | "dept", localIds: string[], resetDigest: boolean): Promise<Map<string, string>> {
  const ids = [...new Set(localIds)];
  const known = await externalIdsOf(tx, objectType, ids);
  const rows = ids.filter((id) => resetDigest || !known.has(id)).map((id) => ({ externalId: known.get(id) ?? madeUp(id), localId: id, digest: "" }));
  await saveLinks(tx, SCIM_SYNC_ID, objectType, rows);
  for (const r of rows) known.set(r.localId, r.externalId);
  return known;
}

/** A local user as the provisioner takes it, with `values` (a SCIM body) over its own. */
function external(row: UserRow, externalId: string, deptLinks: Map<string, string>, deptIds: string[], values?: UserValues): ExternalUser {
  return {
    externalId,
    account: values?.account ?? row.account,
    name: values?.name ?? row.name,
    realName: values?.realName ?? row.realName,
    phone: values?.phone ?? row.phone,
    email: values?.email ?? row.email,
    active: values?.active ?? row.status === 1,
    deptExternalIds: deptIds.map((id) => deptLinks.get(id)).filter((e): e is string => Boolean(e)),
  };
}

/** A refusal of the provisioner as SCIM says it: a taken account or mail is 409 uniqueness. */
function refusal(item: ProvisionItem): ScimError {
  const reason = item.reason ?? "写入失败";
  return /已存在|已被其他用户使用|已关联|重复/.test(reason) ? uniqueness(reason) : invalidValue(reason);
}

/** Runs `work` in one transaction of the SCIM writer, records its items as a task result, and refuses what failed. */
async function write<T>(call: ScimCall, what: string, work: (tx: TenantScope) => Promise<{ items: ProvisionItem[]; result: T }>): Promise<T> {
  const started = call.scope.clock();
  const { items, result } = await call.writer().transaction(work);
  await recordTask(call.scope, what, started, items);
  const failed = items.find((i) => i.action === "fail" || i.action === "skip");
  if (failed) throw refusal(failed);
  return result;
}

export async function createUser(call: ScimCall, values: UserValues, what: string): Promise<string> {
  if ((await call.scope.repo(user).count(accountIs(values.account))) > 0) throw uniqueness(`userName ${values.account} 已存在`);
  if (values.externalId && (await call.scope.links(syncLink).count(and(eq(syncLink.synchronizerId, SCIM_SYNC_ID), eq(syncLink.objectType, "user"), eq(syncLink.externalId, values.externalId))))) {
    throw uniqueness(`externalId ${values.externalId} 已存在`);
  }
  const externalId = values.externalId || madeUp();
  return write(call, what, async (tx) => {
    const p = await Provisioner.open(tx, OPTIONS);
    const items = await p.users(tx, [{ externalId, ...values, deptExternalIds: [] }]);
    return { items, result: items.find((i) => i.action === "create")?.localId ?? "" };
  });
}

/** The user's link, moved to the external id the push names (refused when another user holds it). */
async function userLink(tx: TenantScope, row: UserRow, externalId: string | undefined): Promise<string> {
  const current = (await ensureLinks(tx, "user", [row.id], true)).get(row.id)!;
  if (!externalId || externalId === current) return current;
  const links = tx.links(syncLink);
  const holder = await links.list(and(eq(syncLink.synchronizerId, SCIM_SYNC_ID), eq(syncLink.objectType, "user"), eq(syncLink.externalId, externalId)));
  if (holder.some((l) => l.localId !== row.id)) throw uniqueness(`externalId ${externalId} 已关联其他用户`);
  await links.delete(and(eq(syncLink.synchronizerId, SCIM_SYNC_ID), eq(syncLink.objectType, "user"), eq(syncLink.localId, row.id))!);
  await saveLinks(tx, SCIM_SYNC_ID, "user", [{ externalId, localId: row.id, digest: "" }]);
  return externalId;
}

/** PUT or PATCH of a user: its columns become `values`; its departments stay (groups write those). */
export async function updateUser(call: ScimCall, row: UserRow, values: UserValues, what: string): Promise<void> {
  await write(call, what, async (tx) => {
    const externalId = await userLink(tx, row, values.externalId);
    const deptIds = splitIds(row.deptId);
    const deptLinks = await ensureLinks(tx, "dept", deptIds, false);
    const p = await Provisioner.open(tx, OPTIONS);
    return { items: await p.users(tx, [external(row, externalId, deptLinks, deptIds, values)]), result: undefined };
  });
}

export async function deleteUser(call: ScimCall, row: UserRow, what: string): Promise<void> {
  await write(call, what, async (tx) => {
    const externalId = (await ensureLinks(tx, "user", [row.id], false)).get(row.id)!;
    const p = await Provisioner.open(tx, OPTIONS);
    return { items: await p.retire(tx, [{ externalId, localId: row.id }], "delete"), result: undefined };
  });
}

// ---------------------------------------------------------------------------------------------
// Groups: departments, and membership as the members' departments

export type DeptRow = typeof dept.$inferSelect;

/** Users whose departments include `deptId`. */
export async function memberIds(scope: TenantScope, deptId: string): Promise<string[]> {
  const pairs = await scope.platform(userDept).list(eq(userDept.deptId, deptId));
  if (pairs.length === 0) return [];
  const rows = await scope.repo(user).select({ id: user.id }, inArray(user.id, pairs.map((p) => p.userId)));
  return (rows as { id: string }[]).map((r) => r.id);
}

/** Members added to and removed from one department: each an update of that user's departments. */
async function changeMembers(tx: TenantScope, p: Provisioner, deptId: string, add: string[], remove: string[]): Promise<ProvisionItem[]> {
  const ids = [...new Set([...add, ...remove])];
  if (ids.length === 0) return [];
  const rows = await tx.repo(user).list(inArray(user.id, ids));
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id));
    throw invalidValue(`成员不存在: ${ids.filter((id) => !found.has(id)).join(",")}`);
  }
  const userLinks = await ensureLinks(tx, "user", ids, true);
  const adding = new Set(add);
  const batch = rows.map((row) => {
    const current = splitIds(row.deptId);
    const next = adding.has(row.id) ? [...new Set([...current, deptId])] : current.filter((id) => id !== deptId);
    return { row, next };
  });
  const deptLinks = await ensureLinks(tx, "dept", batch.flatMap((b) => b.next), false);
  // The provisioner read its department links when it opened: these are new to it.
  const fresh = await Provisioner.open(tx, p.options);
  return fresh.users(tx, batch.map(({ row, next }) => external(row, userLinks.get(row.id)!, deptLinks, next)));
}

export interface GroupChange {
  displayName: string;
  externalId?: string;
  /** The member user ids the group must have afterwards. */
  members: string[];
}

export async function createGroup(call: ScimCall, change: GroupChange, what: string): Promise<string> {
  if ((await call.scope.repo(dept).count(eq(dept.deptName, change.displayName))) > 0) throw uniqueness(`displayName ${change.displayName} 已存在`);
  return write(call, what, async (tx) => {
    const p = await Provisioner.open(tx, OPTIONS);
    const externalId = change.externalId || madeUp();
    const items = await p.departments(tx, [{ externalId, parentExternalId: "", name: change.displayName, sort: 0 }]);
    const id = items.find((i) => i.action === "create")?.localId;
    if (!id) return { items, result: "" };
    return { items: [...items, ...(await changeMembers(tx, p, id, change.members, []))], result: id };
  });
}

/** PUT or PATCH of a group: its name (the department keeps its place in the tree) and members. */
export async function updateGroup(call: ScimCall, row: DeptRow, change: GroupChange, what: string): Promise<void> {
  await write(call, what, async (tx) => {
    const links = await ensureLinks(tx, "dept", [row.id, ...(row.parentId === "0" ? [] : [row.parentId])], false);
    await saveLinks(tx, SCIM_SYNC_ID, "dept", [{ externalId: links.get(row.id)!, localId: row.id, digest: "" }]);
    const p = await Provisioner.open(tx, OPTIONS);
    const parentExternalId = row.parentId === "0" ? "" : links.get(row.parentId)!;
    const items = await p.departments(tx, [{ externalId: links.get(row.id)!, parentExternalId, name: change.displayName, sort: row.sort }]);
    const before = new Set(await memberIds(tx, row.id));
    const after = new Set(change.members);
    const add = [...after].filter((id) => !before.has(id));
    const remove = [...before].filter((id) => !after.has(id));
    return { items: [...items, ...(await changeMembers(tx, p, row.id, add, remove))], result: undefined };
  });
}

/** DELETE of a group: its members leave it, then the department goes (one with departments below stays: 400). */
export async function deleteGroup(call: ScimCall, row: DeptRow, what: string): Promise<void> {
  if ((await call.scope.repo(dept).count(eq(dept.parentId, row.id))) > 0) throw invalidValue(`机构「${row.deptName}」下还有下级机构，不能删除`);
  await write(call, what, async (tx) => {
    const p = await Provisioner.open(tx, OPTIONS);
    const items = await changeMembers(tx, p, row.id, [], await memberIds(tx, row.id));
    const externalId = (await externalIdsOf(tx, "dept", [row.id])).get(row.id) ?? madeUp(row.id);
    await tx.repo(dept).remove([row.id], "机构不存在");
    await tx.links(syncLink).delete(and(eq(syncLink.synchronizerId, SCIM_SYNC_ID), eq(syncLink.objectType, "dept"), eq(syncLink.localId, row.id))!);
    items.push({ objectType: "dept", externalId, label: row.deptName, action: "delete", localId: row.id, changes: { isDeleted: [0, 1] } });
    return { items, result: undefined };
  });
}
