import { createHash } from "node:crypto";
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { dept, syncLink } from "../db/schema";
import { nextId } from "../db/ids";
import type { TenantScope } from "../security/tenant-scope";
import type { ExternalDept, ProvisionItem, ProvisionOptions } from "./provision-model";

/** "0": the top of the tenant's tree (BladeX's root marker in parent_id and ancestors). */
export const TOP = "0";
const NAME_MAX = 45;
const ANCESTORS_MAX = 2000;

/** What the planner knows of a local department: where it sits and what it is called. */
export interface LocalDept {
  id: string;
  parentId: string;
  ancestors: string;
  deptName: string;
  sort: number;
}

interface Link {
  localId: string;
  digest: string;
}

/** A digest of what a source says of an object: an unchanged object is recognised without a write. */
export const digestOf = (values: unknown) => createHash("sha256").update(JSON.stringify(values), "utf8").digest("hex");


/** Parents before children: a department whose parent the source does not give goes under the target. */
export function parentsFirst(depts: ExternalDept[]): ExternalDept[] {
  const byId = new Map(depts.map((d) => [d.externalId, d]));
  const out: ExternalDept[] = [];
  const placed = new Set<string>();
  for (const start of depts) {
    const chain: ExternalDept[] = [];
    const onChain = new Set<string>();
    for (let at: ExternalDept | undefined = start; at && !placed.has(at.externalId) && !onChain.has(at.externalId); at = byId.get(at.parentExternalId)) {
      chain.push(at);
      onChain.add(at.externalId);
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      // A loop in the source's parents: the first one met is treated as a top department.
      const d = chain[i];
      placed.add(d.externalId);
      out.push(i === chain.length - 1 && onChain.has(d.parentExternalId) ? { ...d, parentExternalId: "" } : d);
    }
  }
  return out;
}

/** A new department planned in its level, written with the level. */
interface Create {
  item: ProvisionItem;
  digest: string;
  /** A link exists to a department no longer there: replaced, not added. */
  relink: boolean;
  values: { deptName: string; fullName: string; sort: number; parentId: string; ancestors: string };
}

/** The source's departments by depth in the source's tree (parents-first input: a parent's depth is known first). */
function byLevel(ordered: ExternalDept[]): ExternalDept[][] {
  const depth = new Map<string, number>();
  const levels: ExternalDept[][] = [];
  for (const d of ordered) {
    const parent = d.parentExternalId ? depth.get(d.parentExternalId) : undefined;
    const level = parent === undefined ? 0 : parent + 1;
    depth.set(d.externalId, level);
    (levels[level] ??= []).push(d);
  }
  return levels;
}

/**
 * The departments half of the provisioner: the tenant's departments in memory (id, parent,
 * ancestors, name), this synchroniser's department links, and the plan/apply of a source's tree.
 */
export class DeptTree {
  private constructor(
    private readonly options: ProvisionOptions,
    readonly local: Map<string, LocalDept>,
    private readonly links: Map<string, Link>,
  ) {}

  static async open(scope: TenantScope, options: ProvisionOptions): Promise<DeptTree> {
    const rows = await scope.repo(dept).list();
    const local = new Map(rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, ancestors: r.ancestors, deptName: r.deptName, sort: r.sort }]));
    const linkRows = await scope.links(syncLink).list(and(eq(syncLink.synchronizerId, options.synchronizerId), eq(syncLink.objectType, "dept")));
    const links = new Map(linkRows.filter((l) => local.has(l.localId)).map((l) => [l.externalId, { localId: l.localId, digest: l.digest }]));
    return new DeptTree(options, local, links);
  }

  /** Local ids of the external departments (unknown ones dropped), or the target when none is known. */
  localIds(externalIds: string[]): string[] {
    const ids = [...new Set(externalIds.map((e) => this.links.get(e)?.localId).filter((id): id is string => id !== undefined))];
    if (ids.length) return ids;
    return this.options.targetDeptId === TOP ? [] : [this.options.targetDeptId];
  }

  /** Names of local departments, comma-joined, for a change an operator reads. */
  names(ids: string[]): string {
    return ids.map((id) => this.local.get(id)?.deptName ?? id).join(",");
  }

  private placeUnder(parentId: string): { parentId: string; ancestors: string } {
    const parent = parentId === TOP ? undefined : this.local.get(parentId);
    return parent ? { parentId: parent.id, ancestors: `${parent.ancestors},${parent.id}` } : { parentId: TOP, ancestors: TOP };
  }

  /**
   * Plans the source's departments (parents first) against the tenant and, unless dry, writes them:
   * new ones created under their parent (or the target), renamed, re-sorted or moved ones updated
   * with every department below a moved one re-pathed. Unchanged departments give no item.
   * Level by level of the source's tree: a level's new departments are written in one statement
   * (and one operation-log row), not one each — 1,000 units are a handful of statements, not thousands.
   */
  async sync(tx: TenantScope, depts: ExternalDept[]): Promise<ProvisionItem[]> {
    const items: ProvisionItem[] = [];
    for (const level of byLevel(parentsFirst(depts))) {
      const creates: Create[] = [];
      for (const d of level) await this.syncOne(tx, d, items, creates);
      await this.create(tx, creates);
    }
    return items;
  }

  /** One department: a create is only planned (written with its level), an update is written now. */
  private async syncOne(tx: TenantScope, d: ExternalDept, items: ProvisionItem[], creates: Create[]): Promise<void> {
    const dry = this.options.dryRun === true;
    const name = d.name.trim().slice(0, NAME_MAX);
    const parentLocal = d.parentExternalId ? this.links.get(d.parentExternalId)?.localId : undefined;
    const place = this.placeUnder(parentLocal ?? this.options.targetDeptId);
    const digest = digestOf([name, d.sort, place.parentId]);
    const link = this.links.get(d.externalId);
    const label = name || d.externalId;
    if (!name) {
      items.push({ objectType: "dept", externalId: d.externalId, label, action: "fail", localId: link?.localId ?? "0", reason: "机构名称为空" });
      return;
    }
    if (place.ancestors.length > ANCESTORS_MAX) {
      items.push({ objectType: "dept", externalId: d.externalId, label, action: "fail", localId: link?.localId ?? "0", reason: "机构层级过深" });
      return;
    }
    const existing = link && this.local.get(link.localId);
    if (!existing) {
      const item: ProvisionItem = { objectType: "dept", externalId: d.externalId, label, action: "create", localId: "0", changes: { deptName: [null, name], parentId: [null, this.names([place.parentId])] } };
      items.push(item);
      creates.push({ item, digest, relink: Boolean(link), values: { deptName: name, fullName: name, sort: d.sort, ...place } });
      return;
    }
    if (link.digest === digest) return;
    const changes: Record<string, [unknown, unknown]> = {};
    if (existing.deptName !== name) changes.deptName = [existing.deptName, name];
    if (existing.sort !== d.sort) changes.sort = [existing.sort, d.sort];
    const moved = existing.parentId !== place.parentId;
    if (moved) changes.parentId = [this.names([existing.parentId]), this.names([place.parentId])];
    this.links.set(d.externalId, { localId: existing.id, digest });
    if (Object.keys(changes).length) items.push({ objectType: "dept", externalId: d.externalId, label, action: "update", localId: existing.id, changes });
    const oldPath = `${existing.ancestors},${existing.id}`;
    Object.assign(existing, { deptName: name, sort: d.sort, ...place });
    if (moved) this.repath(oldPath, `${place.ancestors},${existing.id}`);
    if (dry) return;
    if (Object.keys(changes).length) {
      await tx.repo(dept).update([existing.id], { deptName: name, fullName: name, sort: d.sort, ...place });
      if (moved) await this.repathStored(tx, oldPath, `${place.ancestors},${existing.id}`);
    }
    await this.saveLink(tx, d.externalId, existing.id, digest, true);
  }

  /**
   * A level's new departments: inserted together (dry: given an id that is never written), then
   * known to the tree, so the next level is placed under them.
   */
  private async create(tx: TenantScope, creates: Create[]): Promise<void> {
    if (creates.length === 0) return;
    const ids = this.options.dryRun === true ? creates.map(() => nextId()) : await tx.repo(dept).insertMany(creates.map((c) => c.values));
    for (const [i, c] of creates.entries()) {
      const id = ids[i]!;
      c.item.localId = id;
      this.local.set(id, { id, parentId: c.values.parentId, ancestors: c.values.ancestors, deptName: c.values.deptName, sort: c.values.sort });
      this.links.set(c.item.externalId, { localId: id, digest: c.digest });
    }
    if (this.options.dryRun === true) return;
    const rows = creates.map((c, i) => ({ externalId: c.item.externalId, localId: ids[i]!, digest: c.digest }));
    // A link left by a department deleted here is replaced; otherwise the links are new.
    await saveLinks(tx, this.options.synchronizerId, "dept", rows, creates.some((c) => c.relink));
  }

  /** Every department below `oldPath`, in memory, now below `newPath`. */
  private repath(oldPath: string, newPath: string) {
    for (const d of this.local.values()) {
      if (d.ancestors === oldPath || d.ancestors.startsWith(`${oldPath},`)) d.ancestors = newPath + d.ancestors.slice(oldPath.length);
    }
  }

  /** The same in the table, every department below (synchronised or not) in one statement per 500. */
  private async repathStored(tx: TenantScope, oldPath: string, newPath: string) {
    const below = await tx.repo(dept).list(or(eq(dept.ancestors, oldPath), like(dept.ancestors, `${oldPath},%`)));
    const ids = below.map((d) => d.id);
    for (let i = 0; i < ids.length; i += 500) {
      await tx.repo(dept).update(ids.slice(i, i + 500), { ancestors: sql`${newPath} || substr(${dept.ancestors}, ${oldPath.length + 1})` });
    }
  }

  private async saveLink(tx: TenantScope, externalId: string, localId: string, digest: string, replace: boolean) {
    await saveLinks(tx, this.options.synchronizerId, "dept", [{ externalId, localId, digest }], replace);
  }
}

/** Replaces (or adds) the links of these external ids: a link table has no update, so delete then insert. */
export async function saveLinks(
  tx: TenantScope,
  synchronizerId: string,
  objectType: "user" | "dept",
  rows: { externalId: string; localId: string; digest: string }[],
  replace = true,
): Promise<void> {
  if (rows.length === 0) return;
  const links = tx.links(syncLink);
  if (replace) {
    await links.delete(and(eq(syncLink.synchronizerId, synchronizerId), eq(syncLink.objectType, objectType), inArray(syncLink.externalId, rows.map((r) => r.externalId)))!);
  }
  await links.insert(rows.map((r) => ({ synchronizerId, objectType, ...r })));
}
