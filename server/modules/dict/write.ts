import type { Context } from "hono";
import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import { permissionCodes, validateResource, valuesOf } from "../../../domain/validation";
import { DICT_ROOT_KEY, dictFormFields } from "../../../domain/validation/dict-fields";
import type { AppContext, AppEnv } from "../../context";
import { readJsonObject } from "../../http/body";
import { badRequest, forbidden } from "../../http/errors";
import { fieldErrors, isUpdate, requireId } from "../../kit/crud";
import { requirePermission } from "../../security/authorize";
import { MSG_PLATFORM_DATA } from "../../security/repository";
import { type TenantScope } from "../../security/tenant-scope";
import { inTenant, MSG, ofCode, ROOT, type DictResource, type DictRow } from "./shared";

const blank = (v: unknown) => v === undefined || v === null || v === "";
/** What consoles send for "no parent": nothing, 0, or BladeX's -1 for a replaced null. */
const isRootRef = (v: unknown) => blank(v) || v === ROOT || v === 0 || v === "-1" || v === -1;

/** The parent a write names: absent on update keeps the row's own. */
function parentRef(body: Record<string, unknown>, existing?: DictRow): unknown {
  if (existing && (body.parentId === undefined || body.parentId === null)) return existing.parentId;
  return isRootRef(body.parentId) ? ROOT : body.parentId;
}

/** Refuses writes of platform-wide rows up front, so a tenant never learns more than 403. */
function assertWritable(scope: TenantScope, res: DictResource): void {
  if (!res.biz && !scope.crossTenant) throw forbidden(MSG_PLATFORM_DATA);
}

/** The parent of a child entry: live and visible; on a move, of the same code and not below the row. */
async function parentOf(tx: TenantScope, res: DictResource, parentId: string, existing?: DictRow): Promise<DictRow> {
  const t = res.table;
  const parent = (await tx.repo(t).get(parentId, MSG.parentMissing)) as DictRow;
  if (!existing || parent.id === existing.parentId) return parent;
  if (parent.code !== existing.code || parent.tenantId !== existing.tenantId) throw badRequest(MSG.otherCode);
  const rows = (await inTenant(tx, existing.tenantId).repo(t).list(ofCode(res, existing.code))) as DictRow[];
  const up = new Map(rows.map((r) => [r.id, r.parentId]));
  // Walk up from the new parent: meeting the row itself would make a cycle.
  for (let id: string | undefined = parent.id, steps = 0; id && id !== ROOT && steps <= rows.length; id = up.get(id), steps++) {
    if (id === existing.id) throw badRequest(MSG.cycle);
  }
  return parent;
}

/** (code, key) is unique within a tenant's dictionaries; for roots (key -1) that makes the code unique. */
async function assertUnique(tx: TenantScope, res: DictResource, row: { code: string; dictKey: string; tenantId?: string; id?: string }) {
  const t = res.table;
  const where = ofCode(res, row.code, and(eq(t.dictKey, row.dictKey), row.id ? ne(t.id, row.id) : undefined));
  if ((await inTenant(tx, row.tenantId).repo(t).count(where)) === 0) return;
  const root = row.dictKey === DICT_ROOT_KEY;
  fieldErrors([{ field: root ? "code" : "dictKey", message: root ? MSG.codeTaken : MSG.keyTaken }]);
}

/** A sealed entry only accepts being unsealed; anything else it keeps. */
function assertUnsealedEdit(existing: DictRow, values: Record<string, unknown>): void {
  if (existing.isSealed !== 1) return;
  const current = existing as unknown as Record<string, unknown>;
  if (Object.entries(values).some(([k, v]) => k !== "isSealed" && v !== current[k])) throw badRequest(MSG.sealedEdit);
}

/** A root's new code carries its entries along, so that they stay its entries. */
async function renameCode(tx: TenantScope, res: DictResource, root: DictRow, code: string): Promise<void> {
  const t = res.table;
  const rows = await inTenant(tx, root.tenantId).repo(t).list(ofCode(res, root.code, ne(t.id, root.id)));
  if (rows.length) await tx.repo(t).update(rows.map((r) => r.id), { code }, MSG.missing);
}

/**
 * POST submit: without id a create, with id an update of the fields given. A child takes its
 * parent's code and tenant; a root has parent 0 and key -1 (§5 parent and child forms).
 */
export function dictSubmit(ctx: AppContext, res: DictResource) {
  const codes = permissionCodes(res.spec);
  return async (c: Context<AppEnv>): Promise<DictRow> => {
    const body = await readJsonObject(c);
    const scope = c.var.scope;
    const updating = isUpdate(body);
    await requirePermission(ctx, c.var.caller, updating ? codes.edit : codes.create);
    assertWritable(scope, res);
    const id = await scope.transaction(async (tx) => {
      const repo = tx.repo(res.table);
      const existing = updating ? ((await repo.get(requireId(body.id), MSG.missing)) as DictRow) : undefined;
      const parentId = parentRef(body, existing);
      const child = parentId !== ROOT;
      if (existing && (existing.parentId !== ROOT) !== child) throw badRequest(MSG.level);
      const input = { ...body, parentId, ...(!child && body.dictKey === -1 ? { dictKey: DICT_ROOT_KEY } : {}) };
      const spec = child ? { ...res.spec, fields: dictFormFields("child") } : res.spec;
      const mode = existing ? "update" : "create";
      const errors = validateResource(spec, input, mode);
      if (errors.length) fieldErrors(errors);
      const values = valuesOf(spec, input, mode);

      let tenantId = existing?.tenantId;
      if (child) {
        const parent = await parentOf(tx, res, String(parentId), existing);
        Object.assign(values, { parentId: parent.id, code: parent.code });
        tenantId = parent.tenantId;
      } else {
        Object.assign(values, { parentId: ROOT, dictKey: DICT_ROOT_KEY });
        if (!existing && res.biz) tenantId = await tx.writeTenant(body.tenantId);
      }
      if (existing) assertUnsealedEdit(existing, values);
      const code = String(values.code ?? existing?.code);
      await assertUnique(tx, res, { code, dictKey: String(values.dictKey ?? existing?.dictKey), tenantId, id: existing?.id });
      if (!existing) return repo.insert(values, tenantId);
      if (!child && code !== existing.code) await renameCode(tx, res, existing, code);
      await repo.update([existing.id], values, MSG.missing);
      return existing.id;
    });
    return (await scope.repo(res.table).get(id, MSG.missing)) as DictRow;
  };
}

/** Remove: never a sealed entry, never a parent whose children would stay behind (BladeX). */
export async function beforeDictRemove(tx: TenantScope, res: DictResource, rows: DictRow[]): Promise<void> {
  assertWritable(tx, res);
  if (rows.some((r) => r.isSealed === 1)) throw badRequest(MSG.sealedRemove);
  const t = res.table;
  const ids = rows.map((r) => r.id);
  if ((await tx.repo(t).count(and(inArray(t.parentId, ids), notInArray(t.id, ids)))) > 0) throw badRequest(MSG.hasChildren);
}
