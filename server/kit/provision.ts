import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import type { TaskAction } from "../../domain/resources/applicationManagement/taskResult/spec";
import { syncLink, user, userDept } from "../db/schema";
import { splitIds } from "../db/ids";
import { keepingAdministrators } from "../security/admin-guard";
import { revokeUserSessions } from "../security/sessions";
import type { TenantScope } from "../security/tenant-scope";
import { assertAccountQuota } from "./account-quota";
import { DeptTree, digestOf, saveLinks } from "./provision-depts";
import { findLinks, reasonOf, unusablePassword, type ExternalDept, type ExternalUser, type ProvisionItem, type ProvisionOptions, type RetireAction } from "./provision-model";

/**
 * THE writer of users and departments from an external identity: the user synchronisers
 * (server/modules/user-sync, pulling from LDAP/AD and the open platforms) and SCIM
 * (server/modules/scim, pushed by an identity provider) both go through here, so a user comes out
 * the same whoever brought it.
 *
 * How to use it:
 *   const p = await Provisioner.open(scope, { synchronizerId, conflictPolicy, roleId, targetDeptId, dryRun });
 *   await scope.transaction(async (tx) => {
 *     items.push(...(await p.departments(tx, depts)));   // the tree, parents first
 *     items.push(...(await p.users(tx, batch)));         // a batch of users (~500 per transaction)
 *   });
 *   await scope.transaction((tx) => p.retire(tx, goneLinks, "disable" | "delete"));
 *
 * - `scope` is a TenantScope of the tenant (give it a RequestAudit, TenantScope.audited, for the
 *   writes to land in the operation log with their before/after, as the repository records them).
 *   Everything goes through the repositories; nothing here holds a database handle.
 * - `syncLink` remembers, per (tenant, synchronizerId, objectType, externalId), the local id and a
 *   digest of the values last written: an object whose digest is unchanged costs no read of the
 *   user table and no write, and gives no item. synchronizerId "0" is SCIM.
 * - New users get the default role, the departments their source gives (through the department
 *   links; else the target department) mirrored into user_dept, and an unusable password (see
 *   UNUSABLE_PASSWORD_PREFIX): they sign in through their identity provider until an administrator
 *   sets one. Users the source marks inactive are disabled (status 0) and their sessions ended.
 * - An account or mail that already exists and is not linked: `skip` (an item skip with the
 *   reason), `link` (linked, then updated with the source's values), `overwrite` (linked, updated,
 *   and given the default role, as if the synchroniser had created it).
 * - `retire`: users gone from the source, disabled (status 0, sessions ended, the link kept so a
 *   return re-enables them) or deleted (logically; link, departments and sessions dropped).
 *   A tenant's last enabled administrator is never disabled or deleted (an item fail).
 * - `dryRun`: the same plan and the same items, nothing written (the preview). Each method plans
 *   first, then applies the plan; one object failing (a savepoint) leaves the others written.
 * Every method answers one item per changed object: {objectType, externalId, label, action,
 * localId, changes: {field: [old, new]}, reason}.
 */

export * from "./provision-model";

/** The columns' lengths (server/modules/user/schema.ts): longer values are refused or cut. */
const MAX = { account: 45, name: 20, realName: 20, phone: 45, email: 45 } as const;

type UserRow = typeof user.$inferSelect;
type Mapped = { account: string; name: string; realName: string; phone: string; email: string; deptId: string; status: number };
type Plan =
  | { kind: "create"; item: ProvisionItem; values: Mapped; digest: string }
  | { kind: "update"; externalId: string; item: ProvisionItem | undefined; local: UserRow; values: Partial<Mapped> & { roleId?: string }; digest: string };

const FIELDS = ["account", "name", "realName", "phone", "email"] as const;

export class Provisioner {
  private constructor(
    readonly options: ProvisionOptions,
    readonly tree: DeptTree,
  ) {}

  /** Reads the tenant's departments and this synchroniser's department links once, for every batch after. */
  static async open(scope: TenantScope, options: ProvisionOptions): Promise<Provisioner> {
    return new Provisioner(options, await DeptTree.open(scope, options));
  }

  private get dry() {
    return this.options.dryRun === true;
  }

  /** The source's department tree (see DeptTree.sync). */
  departments(tx: TenantScope, depts: ExternalDept[]): Promise<ProvisionItem[]> {
    return this.tree.sync(tx, depts);
  }

  private mapped(u: ExternalUser): Mapped | string {
    const account = u.account.trim();
    if (!account) return "缺少账号";
    if (account.length > MAX.account) return `账号超过${MAX.account}个字符`;
    const email = u.email.trim();
    if (email.length > MAX.email) return `邮箱超过${MAX.email}个字符`;
    const deptId = this.tree.localIds(u.deptExternalIds).join(",");
    return {
      account,
      name: u.name.trim().slice(0, MAX.name),
      realName: u.realName.trim().slice(0, MAX.realName),
      phone: u.phone.trim().slice(0, MAX.phone),
      email,
      deptId,
      status: u.active ? 1 : 0,
    };
  }

  private changesOf(local: UserRow | undefined, m: Partial<Mapped>): Record<string, [unknown, unknown]> {
    const out: Record<string, [unknown, unknown]> = {};
    for (const f of FIELDS) if (m[f] !== undefined && (!local || local[f] !== m[f]) && (local || m[f] !== "")) out[f] = [local ? local[f] : null, m[f]];
    if (m.deptId !== undefined && (local?.deptId ?? "") !== m.deptId) out.dept = [local ? this.tree.names(splitIds(local.deptId)) : null, this.tree.names(splitIds(m.deptId))];
    if (m.status !== undefined && local && local.status !== m.status) out.status = [local.status, m.status];
    return out;
  }

  /** Plans a batch of users against the tenant (reads only). */
  private async plan(tx: TenantScope, batch: ExternalUser[]): Promise<{ plans: Plan[]; items: ProvisionItem[] }> {
    const items: ProvisionItem[] = [];
    const seen = new Set<string>();
    const wanted: { u: ExternalUser; m: Mapped; digest: string }[] = [];
    for (const u of batch) {
      if (seen.has(u.externalId)) continue;
      seen.add(u.externalId);
      const m = this.mapped(u);
      const label = (u.realName || u.name || u.account || u.externalId).trim();
      if (typeof m === "string") items.push({ objectType: "user", externalId: u.externalId, label, action: "fail", localId: "0", reason: m });
      else wanted.push({ u, m, digest: digestOf(m) });
    }
    const links = new Map((await findLinks(tx, this.options.synchronizerId, "user", wanted.map((w) => w.u.externalId))).map((l) => [l.externalId, l]));
    const changed = wanted.filter((w) => links.get(w.u.externalId)?.digest !== w.digest);
    if (changed.length === 0) return { plans: [], items };

    const linkedIds = changed.map((w) => links.get(w.u.externalId)?.localId).filter((id): id is string => Boolean(id));
    const accounts = changed.map((w) => w.m.account);
    const emails = changed.map((w) => w.m.email).filter(Boolean);
    const found: SQL[] = [inArray(user.account, accounts)];
    if (linkedIds.length) found.push(inArray(user.id, linkedIds));
    if (emails.length) found.push(inArray(user.email, emails));
    const rows = await tx.repo(user).list(or(...found));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const byAccount = new Map(rows.map((r) => [r.account, r]));
    const byEmail = new Map<string, UserRow>();
    for (const r of rows) if (r.email && !byEmail.has(r.email)) byEmail.set(r.email, r);
    // Which of the found users another external object of this synchroniser already owns.
    const owners = new Map(
      rows.length
        ? (await tx.links(syncLink).list(and(eq(syncLink.synchronizerId, this.options.synchronizerId), eq(syncLink.objectType, "user"), inArray(syncLink.localId, rows.map((r) => r.id))))).map((l) => [l.localId, l.externalId])
        : [],
    );
    const claimed = new Map<string, string>();
    const plans: Plan[] = [];
    for (const { u, m, digest } of changed) {
      const label = m.realName || m.name || m.account;
      const item = (action: TaskAction, localId: string, extra: Partial<ProvisionItem> = {}): ProvisionItem => ({ objectType: "user", externalId: u.externalId, label, action, localId, ...extra });
      const claimer = claimed.get(m.account);
      if (claimer && claimer !== u.externalId) {
        items.push(item("fail", "0", { reason: `账号 ${m.account} 在同步源中重复` }));
        continue;
      }
      claimed.set(m.account, u.externalId);
      const link = links.get(u.externalId);
      let local = link ? byId.get(link.localId) : undefined;
      let relink = false;
      let reason: string | undefined;
      let roleId: string | undefined;
      if (!local) {
        const byAcc = byAccount.get(m.account);
        const existing = byAcc ?? (m.email ? byEmail.get(m.email) : undefined);
        if (!existing) {
          const changes = this.changesOf(undefined, m);
          plans.push({ kind: "create", item: item("create", "0", { changes }), values: m, digest });
          continue;
        }
        const what = byAcc ? `账号 ${m.account}` : `邮箱 ${m.email}`;
        const owner = owners.get(existing.id);
        if (owner && owner !== u.externalId) {
          items.push(item("fail", existing.id, { reason: `${what} 已关联同步源中的其他用户` }));
          continue;
        }
        if (this.options.conflictPolicy === "skip") {
          items.push(item("skip", existing.id, { reason: `${what} 已存在` }));
          continue;
        }
        local = existing;
        relink = true;
        reason = this.options.conflictPolicy === "link" ? `${what} 已存在,已关联` : `${what} 已存在,已覆盖`;
        if (this.options.conflictPolicy === "overwrite") roleId = this.roleId();
      }
      const taken = byAccount.get(m.account);
      if (taken && taken.id !== local.id) {
        items.push(item("fail", local.id, { reason: `账号 ${m.account} 已被其他用户使用` }));
        continue;
      }
      const changes = this.changesOf(local, m);
      if (roleId !== undefined && roleId !== local.roleId) changes.roleId = [local.roleId, roleId];
      const values: Plan & { kind: "update" } = { kind: "update", externalId: u.externalId, item: undefined, local, values: { ...m, ...(roleId !== undefined ? { roleId } : {}) }, digest };
      const onlyDisable = Object.keys(changes).length === 1 && changes.status?.[1] === 0;
      if (Object.keys(changes).length || relink) values.item = item(onlyDisable ? "disable" : "update", local.id, { changes, ...(reason ? { reason } : {}) });
      plans.push(values);
    }
    return { plans, items };
  }

  /**
   * Whether `users` would write or answer anything for this batch (reads only; an unchanged batch
   * costs one read of its links). Meant for a dry provisioner whose departments are already planned.
   */
  async wouldChange(tx: TenantScope, batch: ExternalUser[]): Promise<boolean> {
    const { plans, items } = await this.plan(tx, batch);
    return plans.length > 0 || items.length > 0;
  }

  private roleId(): string {
    return this.options.roleId === "0" ? "" : this.options.roleId;
  }

  /**
   * A batch of users (one transaction, ~500): created, updated, linked, disabled when the source
   * says so, skipped or failed by the conflict policy. Unchanged users give no item and no write.
   */
  async users(tx: TenantScope, batch: ExternalUser[]): Promise<ProvisionItem[]> {
    const { plans, items } = await this.plan(tx, batch);
    const out = [...items];
    if (this.dry) {
      for (const p of plans) if (p.item) out.push(p.item);
      return out;
    }
    const creates = plans.filter((p): p is Plan & { kind: "create" } => p.kind === "create");
    const links: { externalId: string; localId: string; digest: string }[] = [];
    const created = await this.create(tx, creates);
    for (const [i, p] of creates.entries()) {
      const id = created[i];
      if (typeof id === "string") {
        p.item.localId = id;
        links.push({ externalId: p.item.externalId, localId: id, digest: p.digest });
        out.push(p.item);
      } else out.push({ ...p.item, action: "fail", changes: undefined, reason: id.reason });
    }
    for (const p of plans) {
      if (p.kind !== "update") continue;
      const { externalId } = p;
      try {
        if (p.item && p.item.changes && Object.keys(p.item.changes).length) await tx.transaction((sp) => this.update(sp, p.local, p.values));
        if (p.item) out.push(p.item);
        links.push({ externalId, localId: p.local.id, digest: p.digest });
      } catch (error) {
        out.push({ ...(p.item ?? { objectType: "user", externalId, label: p.local.account, localId: p.local.id, action: "fail" }), action: "fail", changes: undefined, reason: reasonOf(error) });
      }
    }
    await saveLinks(tx, this.options.synchronizerId, "user", links);
    return out;
  }

  /** Inserts in one statement; when that fails (a race on an account), one by one so only the culprit fails. */
  private async create(tx: TenantScope, creates: (Plan & { kind: "create" })[]): Promise<(string | { reason: string })[]> {
    if (creates.length === 0) return [];
    const roleId = this.roleId();
    const row = (p: Plan & { kind: "create" }) => ({ ...p.values, roleId, password: unusablePassword() });
    const linkDepts = async (sp: TenantScope, ids: string[]) => {
      const pairs = ids.flatMap((userId, i) => splitIds(creates[i]?.values.deptId).map((deptId) => ({ userId, deptId })));
      await sp.platform(userDept).insert(pairs);
    };
    try {
      return await tx.transaction(async (sp) => {
        // The tenant's account quota holds for accounts an identity source brings, as for any other.
        await assertAccountQuota(sp, sp.insertTenant, creates.length);
        const ids = await sp.repo(user).insertMany(creates.map(row));
        await linkDepts(sp, ids);
        return ids;
      });
    } catch {
      const out: (string | { reason: string })[] = [];
      for (const p of creates) {
        try {
          out.push(
            await tx.transaction(async (sp) => {
              await assertAccountQuota(sp, sp.insertTenant, 1);
              const id = await sp.repo(user).insert(row(p));
              await sp.platform(userDept).insert(splitIds(p.values.deptId).map((deptId) => ({ userId: id, deptId })));
              return id;
            }),
          );
        } catch (error) {
          out.push({ reason: reasonOf(error) });
        }
      }
      return out;
    }
  }

  private async update(sp: TenantScope, local: UserRow, values: Partial<Mapped> & { roleId?: string }) {
    const write = () => sp.repo(user).update([local.id], values, "用户不存在");
    const disabling = values.status === 0 && local.status !== 0;
    await (disabling ? keepingAdministrators(sp, [local.tenantId], "disable", write) : write());
    if (values.deptId !== undefined && values.deptId !== local.deptId) {
      await sp.platform(userDept).delete(eq(userDept.userId, local.id));
      await sp.platform(userDept).insert(splitIds(values.deptId).map((deptId) => ({ userId: local.id, deptId })));
    }
    if (disabling) await revokeUserSessions(sp, [local], "user_disabled");
  }

  /** What `retire` would do to these links' users (reads only): the items, unchanged ones left out. */
  async planRetire(tx: TenantScope, gone: { externalId: string; localId: string }[], action: RetireAction): Promise<{ item: ProvisionItem; local: UserRow }[]> {
    if (gone.length === 0) return [];
    const rows = new Map((await tx.repo(user).list(inArray(user.id, gone.map((g) => g.localId)))).map((r) => [r.id, r]));
    const out: { item: ProvisionItem; local: UserRow }[] = [];
    for (const g of gone) {
      const local = rows.get(g.localId);
      if (!local || (action === "disable" && local.status === 0)) continue;
      const label = local.realName || local.name || local.account;
      const changes: Record<string, [unknown, unknown]> = action === "disable" ? { status: [local.status, 0] } : { isDeleted: [0, 1] };
      out.push({ local, item: { objectType: "user", externalId: g.externalId, label, action, localId: local.id, changes } });
    }
    return out;
  }

  /**
   * Users gone from the source: disabled (link kept with an empty digest, so a return re-enables
   * them) or deleted (link dropped). Each in a savepoint: the tenant's last administrator fails alone.
   */
  async retire(tx: TenantScope, gone: { externalId: string; localId: string }[], action: RetireAction): Promise<ProvisionItem[]> {
    const planned = await this.planRetire(tx, gone, action);
    if (this.dry) return planned.map((p) => p.item);
    const out: ProvisionItem[] = [];
    const sid = this.options.synchronizerId;
    for (const { item, local } of planned) {
      try {
        await tx.transaction(async (sp) => {
          if (action === "disable") {
            await keepingAdministrators(sp, [local.tenantId], "disable", () => sp.repo(user).update([local.id], { status: 0 }, "用户不存在"));
            await saveLinks(sp, sid, "user", [{ externalId: item.externalId, localId: local.id, digest: "" }]);
          } else {
            await keepingAdministrators(sp, [local.tenantId], "remove", () => sp.repo(user).remove([local.id], "用户不存在"));
            await sp.platform(userDept).delete(eq(userDept.userId, local.id));
            await sp.links(syncLink).delete(and(eq(syncLink.synchronizerId, sid), eq(syncLink.objectType, "user"), eq(syncLink.externalId, item.externalId))!);
          }
          await revokeUserSessions(sp, [local], action === "disable" ? "user_disabled" : "user_deleted");
        });
        out.push(item);
      } catch (error) {
        out.push({ ...item, action: "fail", changes: undefined, reason: reasonOf(error) });
      }
    }
    return out;
  }
}
