import type { Context } from "hono";
import { and, asc, eq, ne } from "drizzle-orm";
import { dictSpec } from "../../../domain/resources/system/dict/spec";
import { dictBizSpec } from "../../../domain/resources/system/dictbiz/spec";
import { filterableFields, permissionCodes, sortableFields } from "../../../domain/validation";
import type { AppContext, AppEnv } from "../../context";
import { parseQuery } from "../../db/query";
import { dict, dictBiz } from "../../db/schema";
import { buildForest, markHasChildren, treeNode } from "../../db/tree";
import { queryParam, readParams } from "../../http/body";
import { ok } from "../../http/errors";
import { columnsOf, crudModule, requireId } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { AUTHENTICATED, can, canAny, type RouteSpec } from "../../security/authorize";
import { dictVO, inTenant, MSG, ofCode, readTenantOf, ROOT, textParam, type DictResource, type DictRow } from "./shared";
import { beforeDictRemove, dictSubmit } from "./write";

/** What selects read: BladeX's getList columns, plus id and parent for dictionary-tree. */
const entryOf = (r: DictRow) => ({ id: r.id, parentId: r.parentId, code: r.code, dictKey: r.dictKey, dictValue: r.dictValue, sort: r.sort, remark: r.remark });

/** The routes beyond the common ones (BladeX DictController / DictBizController). */
function dictRoutes(ctx: AppContext, res: DictResource): RouteSpec[] {
  const { spec, table: t } = res;
  const codes = permissionCodes(spec);
  const submit = dictSubmit(ctx, res);
  const order = [asc(t.sort), asc(t.id)];
  const filters = columnsOf(t, filterableFields(spec));
  const sortable = columnsOf(t, sortableFields(spec));
  const query = async (c: Context<AppEnv>, reserved: string[] = []) =>
    parseQuery(await readParams(c), filters, { sortable, defaultOrder: order, reserved });
  const forest = (rows: { id: string; parentId: string }[]) => buildForest(rows);
  const treeOf = (rows: DictRow[]) => markHasChildren(buildForest(rows.map((r) => treeNode(r.id, r.parentId, r.dictValue))));

  /** The live, unsealed entries of a code in the caller's tenant: what dictionary selects offer. */
  const entries = async (c: Context<AppEnv>) => {
    const code = textParam(c, "code");
    if (!code) return [];
    const scope = c.var.scope;
    const where = ofCode(res, code, and(ne(t.parentId, ROOT), eq(t.isSealed, 0)));
    return ((await inTenant(scope, readTenantOf(c, scope)).repo(t).list(where, { orderBy: order })) as DictRow[]).map(entryOf);
  };

  return [
    {
      method: "GET",
      path: "/parent-list",
      access: can(codes.list),
      handler: async (c) => {
        const scope = c.var.scope;
        const page = await scope.repo(t).page(await query(c), eq(t.parentId, ROOT));
        return ok(c, { ...page, records: await dictVO(scope, res, page.records as DictRow[]) });
      },
    },
    {
      // Every row of the parent's code but the parent itself, as a forest (the child table).
      method: "GET",
      path: "/child-list",
      access: can(codes.list),
      handler: async (c) => {
        const q = await query(c, ["parentId"]);
        const parentId = queryParam(c, "parentId");
        if (!parentId || parentId === "-1") return ok(c, []);
        const scope = c.var.scope;
        const parent = (await scope.repo(t).get(requireId(parentId, "上级字典"), MSG.missing)) as DictRow;
        const where = ofCode(res, parent.code, and(ne(t.id, parent.id), q.where));
        const rows = (await inTenant(scope, parent.tenantId).repo(t).list(where, { orderBy: q.orderBy })) as DictRow[];
        return ok(c, forest(await dictVO(scope, res, rows)));
      },
    },
    {
      // Tree nodes of every row (or of one code) for the parent select of the child form.
      method: "GET",
      path: "/tree",
      access: can(codes.list),
      handler: async (c) => {
        const scope = c.var.scope;
        const code = textParam(c, "code");
        const tenantId = readTenantOf(c, scope);
        // One code's rows are those of the tenant named (none, when anyone but the administrator
        // names another); without a code, the rows of the tenant the caller may read.
        const rows = code
          ? await inTenant(scope, tenantId).repo(t).list(ofCode(res, code), { orderBy: order })
          : await scope.repo(t).list(undefined, { orderBy: order, tenantId });
        return ok(c, treeOf(rows as DictRow[]));
      },
    },
    {
      method: "GET",
      path: "/parent-tree",
      access: can(codes.list),
      handler: async (c) => {
        const scope = c.var.scope;
        const rows = await scope.repo(t).list(eq(t.parentId, ROOT), { orderBy: order, tenantId: readTenantOf(c, scope) });
        return ok(c, treeOf(rows as DictRow[]));
      },
    },
    // Every signed-in user fills dictionary selects and labels.
    { method: "GET", path: "/dictionary", access: AUTHENTICATED, handler: async (c) => ok(c, await entries(c)) },
    { method: "GET", path: "/dictionary-tree", access: AUTHENTICATED, handler: async (c) => ok(c, forest(await entries(c))) },
    {
      method: "POST",
      path: "/submit",
      access: canAny(codes.create, codes.edit),
      handler: async (c) => {
        const row = await submit(c);
        return ok(c, (await dictVO(c.var.scope, res, [row]))[0]);
      },
    },
  ];
}

const dictModuleOf = (res: DictResource): ApiModule =>
  crudModule(res.spec, (ctx) => ({
    table: res.table,
    missing: MSG.missing,
    // BladeX answers /list as the whole (filtered) forest, not a page.
    list: "forest",
    defaultOrder: [asc(res.table.sort), asc(res.table.id)],
    toVO: (rows, scope) => dictVO(scope, res, rows as DictRow[]),
    beforeRemove: (scope, rows) => beforeDictRemove(scope, res, rows as DictRow[]),
    routes: dictRoutes(ctx, res),
  }));

/** /blade-system/dict: platform-wide dictionaries, written by the platform administrator. */
export const dictModule = dictModuleOf({ spec: dictSpec, table: dict, biz: false });
/** /blade-system/dict-biz: the same API over each tenant's own business dictionaries. */
export const dictBizModule = dictModuleOf({ spec: dictBizSpec, table: dictBiz, biz: true });
