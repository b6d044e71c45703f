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
import { columnIntRange, type FieldKind, type FilterFields } from "../db/query";
import { trimDateTime } from "../db/time";
import { queryParam, readIds, readJsonObject } from "../http/body";
import { badRequest, ok } from "../http/errors";
import { registerScopedTable } from "../security/data-scope";
import { can, canAny, defineRoutes, requirePermission, type Access, type RouteSpec } from "../security/authorize";
import type { ScopedTable } from "../security/repository";
import { crudDocs } from "./crud-doc";
import { findVisible, readers, type ListShape, type ReadPlan, type TreeOptions } from "./crud-read";
import type { ApiModule } from "./module";
import { type TenantScope } from "../security/tenant-scope";

type Row<T extends ScopedTable> = T["$inferSelect"];

export type { ListShape, TreeOptions };

export interface CrudDefinition<T extends ScopedTable> {
  spec: ResourceSpec;
  table: T;
  /** The message of an id that is not there (or is another tenant's): e.g. 岗位不存在. */
  missing: string;
  /** The columns (SQL names) a data scope of the menu may name, when not the default ones (data-scope.ts). */
  scopeColumns?: readonly string[];
  /** What `/list` answers (crud-read.ts). Default page. `false`: no `/list` (users: `/page` only). */
  list?: ListShape | false;
  /** The forest and the lazy list: the parent field, the top level, limits. */
  tree?: TreeOptions;
  defaultOrder?: SQL[];
  /** Keys the special routes read themselves (not filters). */
  reserved?: string[];
  /** Filters beyond the spec's searchable fields (users: the id). */
  filters?: FilterFields;
  /** The platform administrator may also filter by `tenantId` (an equality); for anyone else the key does not exist. */
  tenantFilter?: boolean;
  /**
   * The rows the caller may see at all, beyond its tenant and data scope (the administrator role only
   * for the platform administrator, the menus of the tenant's package): every read, write and remove
   * keeps to them, and another row answers as `missing`.
   */
  visible?: (scope: TenantScope) => SQL | undefined | Promise<SQL | undefined>;
  /**
   * What a list's own (reserved) keys add to its filters: `appId` as an equality, a category and
   * every one below it. `false`: nothing can match (an unknown category), answered as an empty list.
   */
  narrow?: (scope: TenantScope, params: Record<string, string>) => Promise<SQL | undefined | false>;
  /**
   * Lists show one tenant: the caller's, or the one the platform administrator names with `tenantId`
   * (its own when it names none). "lists": list, page and lazy-list; "trees": the forest and lazy-list only.
   */
  oneTenant?: "lists" | "trees";
  /** Who may read `/list` and `/lazy-list` when it is not the menu's list code (pickers of other pages). */
  access?: { list?: Access; lazyList?: Access };
  /**
   * Where updates go when not through `/submit` (users: `/update`, CONTRACT.md): `/submit` then only
   * creates, refusing a body with an id with `refuse`, and each route admits its one code.
   */
  update?: { path: string; refuse: string };
  /**
   * A write's values from its body when the spec's check and values are not all (users: rules of
   * their own, the password policy, a password hashed before the transaction). Default: the spec's.
   */
  values?: (scope: TenantScope, body: Record<string, unknown>, updating: boolean) => Promise<Record<string, unknown>>;
  /**
   * Runs the kit's own statement of an insert, update or remove, inside its transaction: locks held
   * around it and a check after it (a tenant keeps an administrator), a unique index's race worded.
   */
  around?: (tx: TenantScope, action: "insert" | "update" | "remove", rows: Row<T>[], values: Record<string, unknown>, write: () => Promise<void>) => Promise<void>;
  /** What the messages of a missing or malformed id call it (用户ID不能为空). Default ID. */
  idLabel?: string;
  /** The refusal of a remove that names no row. Default 请选择要删除的数据. */
  noneSelected?: string;
  /** Rows as the API answers them (names of dictionary values, …). Default: the row, audit dates trimmed. */
  toVO?: (rows: Row<T>[], scope: TenantScope) => Promise<object[]>;
  /**
   * A write's values after the spec's check, before its transaction: fields derived from the body
   * (a parent "" meaning the top), refusals that need no data.
   */
  prepare?: (values: Record<string, unknown>, body: Record<string, unknown>, scope: TenantScope, updating: boolean) => void;
  /** Cross-field and reference checks of a write, inside its transaction; `tenantId` is the row's. */
  beforeWrite?: (scope: TenantScope, values: Record<string, unknown>, existing: Row<T> | undefined, tenantId: string | undefined) => Promise<void>;
  /** What follows a write in the same transaction (links, derived rows). */
  afterWrite?: (scope: TenantScope, id: string, values: Record<string, unknown>, existing: Row<T> | undefined, tenantId: string | undefined) => Promise<void>;
  /** Refuse a remove (sealed rows, rows still referenced), inside its transaction. */
  beforeRemove?: (scope: TenantScope, rows: Row<T>[]) => Promise<void>;
  /** What follows a remove in the same transaction (links dropped, sessions ended). */
  afterRemove?: (scope: TenantScope, rows: Row<T>[]) => Promise<void>;
  /** Routes of the module beyond the common ones. */
  routes?: RouteSpec[];
}

/** A submit body names an existing row (an update) rather than asking for a new one. */
export function isUpdate(body: Record<string, unknown>): boolean {
  return body.id !== undefined && body.id !== null && body.id !== "";
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

/** What the reads of a definition need: its filters, sorts, reserved keys, order and VOs. */
function readPlan<T extends ScopedTable>(def: CrudDefinition<T>): ReadPlan<T> {
  const { spec, table } = def;
  const shape = def.list ?? "page";
  const tree = def.tree ?? {};
  const reserved = [...(def.reserved ?? []), ...(shape === "lazy" ? [tree.parent ?? "parentId"] : []), ...(def.oneTenant ? ["tenantId"] : [])];
  const filters = { ...columnsOf(table, filterableFields(spec)), ...def.filters };
  return {
    table,
    missing: def.missing,
    filters,
    adminFilters: def.tenantFilter ? { ...filters, tenantId: { column: (table as unknown as { tenantId: AnyPgColumn }).tenantId, kind: "text" } } : undefined,
    sorts: columnsOf(table, sortableFields(spec)),
    defaultOrder: def.defaultOrder ?? [desc((table as unknown as { createTime: AnyPgColumn }).createTime), desc(table.id)],
    reserved: [...new Set(reserved)],
    tree,
    oneTenant: def.oneTenant,
    visible: def.visible,
    narrow: def.narrow,
    toVO: def.toVO ?? (async (rows: Row<T>[]) => rows.map((r) => plainVO(r as object))),
  };
}

/** A definition's list reads outside its routes: the same filters and VOs for a module's special lists and exports. */
export function listReaders<T extends ScopedTable>(def: CrudDefinition<T>) {
  return readers(readPlan(def));
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
  registerScopedTable(table, spec.menuCode, def.scopeColumns);
  const codes = permissionCodes(spec);
  const shape = def.list ?? "page";
  const tree = def.tree ?? {};
  // What the spec's values write must fit the table; a module giving its own `values` answers for them.
  if (!def.values) columnsOf(table, Object.fromEntries(writableFields(spec)));
  const uniques = (def.spec.unique ?? []).map((u) => ({ ...u, column: columnsOf(table, { [u.field]: spec.fields[u.field] })[u.field].column }));
  const plan = readPlan(def);
  const read = readers(plan);

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

  const specValues = async (_scope: TenantScope, body: Record<string, unknown>, updating: boolean) => {
    const errors = validateResource(spec, body, updating ? "update" : "create");
    if (errors.length) fieldErrors(errors);
    return valuesOf(spec, body, updating ? "update" : "create");
  };
  const around = def.around ?? ((_tx, _action, _rows, _values, write) => write());

  /** A create (`updating` false) or an update of the row the body names; the caller's code is checked by the route. */
  const write = async (c: Context<AppEnv>, body: Record<string, unknown>, updating: boolean) => {
    const scope = c.var.scope;
    const values = await (def.values ?? specValues)(scope, body, updating);
    def.prepare?.(values, body, scope, updating);
    const id = await scope.transaction(async (tx) => {
      const repo = tx.repo(table);
      if (updating) {
        const id = requireId(body.id, def.idLabel);
        const [existing] = await findVisible(plan, tx, [id]);
        const tenantId = (existing as { tenantId?: string }).tenantId;
        await checkUnique(tx, values, tenantId, id);
        await def.beforeWrite?.(tx, values, existing, tenantId);
        await around(tx, "update", [existing], values, () => repo.update([id], values, def.missing));
        await def.afterWrite?.(tx, id, values, existing, tenantId);
        return id;
      }
      const tenantId = "tenantId" in table ? await tx.writeTenant(body.tenantId) : undefined;
      await checkUnique(tx, values, tenantId);
      await def.beforeWrite?.(tx, values, undefined, tenantId);
      let id = "";
      await around(tx, "insert", [], values, async () => void (id = await repo.insert(values, tenantId)));
      await def.afterWrite?.(tx, id, values, undefined, tenantId);
      return id;
    });
    const [row] = await findVisible(plan, scope, [id]);
    return (await plan.toVO([row], scope))[0];
  };

  const submit = async (c: Context<AppEnv>) => {
    const body = await readJsonObject(c);
    const updating = isUpdate(body);
    if (updating && def.update) throw badRequest(def.update.refuse);
    // Without a path of its own for updates, the precise code (add or edit) depends on the body.
    if (!def.update) await requirePermission(ctx, c.var.caller, updating ? codes.edit : codes.create);
    return write(c, body, updating);
  };

  const docs = crudDocs(spec, shape || "page", "tenantId" in table, { oneTenant: def.oneTenant, parent: tree.parent ?? "parentId" });
  const listOf = async (c: Context<AppEnv>) => {
    if (shape === "forest" || shape === "lazy") return read.forest(c);
    const p = await read.page(c);
    return shape === "array" ? p.records : p;
  };
  const common: RouteSpec[] = [
    ...(shape === false
      ? []
      : [{ method: "GET", path: "/list", access: def.access?.list ?? can(codes.list), doc: docs["/list"], handler: async (c: Context<AppEnv>) => ok(c, await listOf(c)) } as RouteSpec]),
    { method: "GET", path: "/page", access: can(codes.list), doc: docs["/page"], handler: async (c) => ok(c, await read.page(c)) },
    ...(shape === "lazy"
      ? [{ method: "GET", path: "/lazy-list", access: def.access?.lazyList ?? can(codes.list), doc: docs["/lazy-list"], handler: async (c: Context<AppEnv>) => ok(c, await read.lazy(c)) } as RouteSpec]
      : []),
    {
      method: "GET",
      path: "/detail",
      access: can(codes.list),
      doc: docs["/detail"],
      handler: async (c) => {
        const scope = c.var.scope;
        const [row] = await findVisible(plan, scope, [requireId(queryParam(c, "id"), def.idLabel)]);
        return ok(c, (await plan.toVO([row], scope))[0]);
      },
    },
    // The guard admits holders of either code when /submit both creates and updates (submit checks which).
    ...(def.update
      ? ([
          { method: "POST", path: "/submit", access: can(codes.create), doc: { ...docs["/submit"], summary: `新增${spec.title.zh}` }, handler: async (c) => ok(c, await submit(c)) },
          {
            method: "POST",
            path: def.update.path,
            access: can(codes.edit),
            doc: { ...docs["/submit"], summary: `修改${spec.title.zh}` },
            handler: async (c) => ok(c, await write(c, await readJsonObject(c), true)),
          },
        ] as RouteSpec[])
      : [{ method: "POST", path: "/submit", access: canAny(codes.create, codes.edit), doc: docs["/submit"], handler: async (c: Context<AppEnv>) => ok(c, await submit(c)) } as RouteSpec]),
    {
      method: "POST",
      path: "/remove",
      access: can(codes.delete),
      doc: docs["/remove"],
      handler: async (c) => {
        const ids = await readIds(c);
        if (ids.length === 0) throw badRequest(def.noneSelected ?? "请选择要删除的数据");
        await c.var.scope.transaction(async (tx) => {
          const rows = await findVisible(plan, tx, ids);
          await def.beforeRemove?.(tx, rows);
          await around(tx, "remove", rows, {}, () => tx.repo(table).remove(ids, def.missing));
          await def.afterRemove?.(tx, rows);
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
