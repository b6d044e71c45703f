import type { Context } from "hono";
import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  filterableFields,
  intBounds,
  permissionCodes,
  sortableFields,
  validateResource,
  valuesOf,
  writableFields,
  type FieldSpec,
  type ResourceSpec,
} from "../../domain/validation";
import type { AppContext, AppEnv } from "../context";
import { isId, isIdOrRoot } from "../db/ids";
import { columnIntRange, parseQuery, type FieldKind, type FilterFields } from "../db/query";
import { trimDateTime } from "../db/time";
import { queryParam, readIds, readJsonObject, readParams } from "../http/body";
import { badRequest, ok } from "../http/errors";
import { registerScopedTable } from "../security/data-scope";
import { can, canAny, defineRoutes, requirePermission, type RouteSpec } from "../security/authorize";
import type { ScopedTable } from "../security/repository";
import { crudDocs } from "./crud-doc";
import type { ApiModule } from "./module";
import { type TenantScope } from "../security/tenant-scope";

type Row<T extends ScopedTable> = T["$inferSelect"];

export interface CrudDefinition<T extends ScopedTable> {
  spec: ResourceSpec;
  table: T;
  /** The message of an id that is not there (or is another tenant's): e.g. 岗位不存在. */
  missing: string;
  /** `/list` answers a page (BladeX's param, post …) or a plain array (a tree's flat rows). Default page. */
  list?: "page" | "array";
  defaultOrder?: SQL[];
  /** Keys the special routes read themselves (not filters). */
  reserved?: string[];
  /** Rows as the API answers them (names of dictionary values, …). Default: the row, audit dates trimmed. */
  toVO?: (rows: Row<T>[], scope: TenantScope) => Promise<object[]>;
  /** Cross-field and reference checks of a write, inside its transaction. */
  beforeWrite?: (scope: TenantScope, values: Record<string, unknown>, existing?: Row<T>) => Promise<void>;
  /** Refuse a remove (sealed rows, rows still referenced), inside its transaction. */
  beforeRemove?: (scope: TenantScope, rows: Row<T>[]) => Promise<void>;
  /** Routes of the module beyond the common ones. */
  routes?: RouteSpec[];
}

const KIND: Record<FieldSpec["kind"], FieldKind> = { text: "text", int: "int", id: "id", date: "date" };

/**
 * A spec that admits what its column cannot hold would turn a valid-looking value into a database
 * error (a 500): longer text than the varchar, an int beyond the column's type. Caught at start.
 */
function assertFits(name: string, f: FieldSpec, column: AnyPgColumn): void {
  if (f.kind === "int") {
    const held = columnIntRange(column);
    const admitted = intBounds(f);
    if (!held) throw new Error(`${name} is an int in the spec but ${column.getSQLType()} in the table`);
    if (admitted.min < held.min || admitted.max > held.max) {
      throw new Error(`${name} admits ${admitted.min}..${admitted.max} but its ${column.getSQLType()} column holds ${held.min}..${held.max}`);
    }
  }
  const length = (column as { length?: number }).length;
  if (f.kind === "text" && f.form !== false && length !== undefined && (f.max === undefined || f.max > length)) {
    throw new Error(`${name} admits ${f.max ?? "any"} characters but its column holds ${length}`);
  }
}

/** The Drizzle columns of spec fields: a field the table lacks, or cannot hold, is a programming error caught at start. */
export function columnsOf(table: ScopedTable, fields: Record<string, FieldSpec>): FilterFields {
  const out: FilterFields = {};
  for (const [name, f] of Object.entries(fields)) {
    const column = (table as unknown as Record<string, AnyPgColumn | undefined>)[name];
    if (!column) throw new Error(`${name} is in the spec but not in the table`);
    assertFits(name, f, column);
    out[name] = { column, kind: KIND[f.kind] };
  }
  return out;
}

/** A row as JSON: audit dates without fractions, nothing secret (tables with secrets give their own toVO). */
export function plainVO<R extends object>(row: R): R {
  const out = { ...row } as Record<string, unknown>;
  for (const k of ["createTime", "updateTime"]) if (typeof out[k] === "string") out[k] = trimDateTime(out[k] as string);
  return out as R;
}

export function requireId(value: unknown, label = "ID"): string {
  if (value === undefined || value === null || value === "") throw badRequest(`${label}不能为空`);
  if (!isId(value)) throw badRequest(`${label}格式不正确`);
  return value;
}

/** An optional id query parameter: absent, or a well-formed id (else 400, never a database error). */
export function optionalId(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!isIdOrRoot(value)) throw badRequest(`请求参数格式错误: ${name}`);
  return value;
}

/** 400 with the first message, and every field error in `data` for the form to show beside its field. */
export function fieldErrors(errors: { field: string; message: string }[]): never {
  throw badRequest(errors[0].message, errors);
}

/**
 * The common routes of a resource from its spec: GET list, page, detail; POST submit (create
 * without id, update with one) and remove?ids=. Each declares its permission code (derived from
 * the menu code), validates with the spec's rules, filters and sorts over the spec's allow-list,
 * writes in one transaction through the tenant-scoped repository, and deletes logically.
 */
export function crudRoutes<T extends ScopedTable>(ctx: AppContext, def: CrudDefinition<T>): RouteSpec[] {
  const { spec, table } = def;
  // The table a data scope of this menu narrows (§6).
  registerScopedTable(table, spec.menuCode);
  const codes = permissionCodes(spec);
  columnsOf(table, Object.fromEntries(writableFields(spec)));
  const filters = columnsOf(table, filterableFields(spec));
  const sorts = columnsOf(table, sortableFields(spec));
  const defaultOrder = def.defaultOrder ?? [desc((table as unknown as { createTime: AnyPgColumn }).createTime), desc(table.id)];
  const uniques = (def.spec.unique ?? []).map((u) => ({ ...u, column: columnsOf(table, { [u.field]: spec.fields[u.field] })[u.field].column }));
  const toVO = def.toVO ?? (async (rows: Row<T>[]) => rows.map((r) => plainVO(r as object)));

  const page = async (c: Context<AppEnv>) => {
    const scope = c.var.scope;
    const q = parseQuery(await readParams(c), filters, { sortable: sorts, defaultOrder, reserved: def.reserved });
    const result = await scope.repo(table).page(q);
    return { ...result, records: await toVO(result.records, scope) };
  };

  const checkUnique = async (scope: TenantScope, values: Record<string, unknown>, tenantId: string | undefined, exceptId?: string) => {
    for (const u of uniques) {
      const value = values[u.field];
      if (value === undefined) continue;
      const clash = and(eq(u.column, value), exceptId ? ne(table.id, exceptId) : undefined);
      const tenantCol = (table as { tenantId?: AnyPgColumn }).tenantId;
      const where = tenantCol && tenantId ? and(clash, eq(tenantCol, tenantId)) : clash;
      if ((await scope.repo(table).count(where)) > 0) fieldErrors([{ field: u.field, message: u.message.zh }]);
    }
  };

  const submit = async (c: Context<AppEnv>) => {
    const body = await readJsonObject(c);
    const scope = c.var.scope;
    const updating = body.id !== undefined && body.id !== null && body.id !== "";
    await requirePermission(ctx.db, c.var.caller, updating ? codes.edit : codes.create);
    const errors = validateResource(spec, body, updating ? "update" : "create");
    if (errors.length) fieldErrors(errors);
    const values = valuesOf(spec, body, updating ? "update" : "create");
    const id = await scope.transaction(async (tx) => {
      const repo = tx.repo(table);
      if (updating) {
        const id = requireId(body.id);
        const existing = await repo.get(id, def.missing);
        await checkUnique(tx, values, (existing as { tenantId?: string }).tenantId, id);
        await def.beforeWrite?.(tx, values, existing);
        await repo.update([id], values, def.missing);
        return id;
      }
      const tenantId = "tenantId" in table ? await tx.writeTenant(body.tenantId) : undefined;
      await checkUnique(tx, values, tenantId);
      await def.beforeWrite?.(tx, values);
      return repo.insert(values, tenantId);
    });
    const [row] = await scope.repo(table).find([id], def.missing);
    return (await toVO([row], scope))[0];
  };

  const docs = crudDocs(spec, def.list ?? "page", "tenantId" in table);
  const common: RouteSpec[] = [
    { method: "GET", path: "/list", access: can(codes.list), doc: docs["/list"], handler: async (c) => {
      const p = await page(c);
      return ok(c, def.list === "array" ? p.records : p);
    } },
    { method: "GET", path: "/page", access: can(codes.list), doc: docs["/page"], handler: async (c) => ok(c, await page(c)) },
    {
      method: "GET",
      path: "/detail",
      access: can(codes.list),
      doc: docs["/detail"],
      handler: async (c) => {
        const scope = c.var.scope;
        const row = await scope.repo(table).get(requireId(queryParam(c, "id")), def.missing);
        return ok(c, (await toVO([row], scope))[0]);
      },
    },
    // The precise code (add or edit) depends on the body; the guard admits holders of either.
    { method: "POST", path: "/submit", access: canAny(codes.create, codes.edit), doc: docs["/submit"], handler: async (c) => ok(c, await submit(c)) },
    {
      method: "POST",
      path: "/remove",
      access: can(codes.delete),
      doc: docs["/remove"],
      handler: async (c) => {
        const ids = await readIds(c);
        if (ids.length === 0) throw badRequest("请选择要删除的数据");
        if (!ids.every(isId)) throw badRequest("请求参数格式错误: ids");
        await c.var.scope.transaction(async (tx) => {
          const repo = tx.repo(table);
          const rows = await repo.find(ids, def.missing);
          await def.beforeRemove?.(tx, rows);
          await repo.remove(ids, def.missing);
        });
        return ok(c, true);
      },
    },
  ];
  // Special routes first, so that a module may replace a common one by path.
  return [...(def.routes ?? []), ...common.filter((r) => !(def.routes ?? []).some((s) => s.path === r.path && s.method === r.method))];
}

/** A module of one resource, mounted at its spec's API path: the common routes and its own. */
export function crudModule<T extends ScopedTable>(spec: ResourceSpec, define: (ctx: AppContext) => Omit<CrudDefinition<T>, "spec">): ApiModule {
  return { base: spec.api, routes: (ctx) => defineRoutes(ctx, crudRoutes(ctx, { ...define(ctx), spec })) };
}
