import { inArray } from "drizzle-orm";
import { deptSpec } from "../../../domain/resources/system/dept/spec";
import { permissionCodes } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { splitIds } from "../../db/ids";
import { dept } from "../../db/schema";
import { trimDateTime } from "../../db/time";
import { queryParam } from "../../http/body";
import { ok } from "../../http/errors";
import { XLSX_FILE } from "../../http/route-doc";
import { crudRoutes, optionalId } from "../../kit/crud";
import { inListOrder, selectUser } from "../../kit/select-user";
import { AUTHENTICATED, can, canAny, defineRoutes } from "../../security/authorize";
import { DEPT_IMPORT_CODE, importDepts, importTemplate } from "./import";
import { DEPT_ORDER, LEVEL_LIMIT, MSG_DEPT_MISSING, SEARCH_LIMIT, deptLazyTree, deptTree, firstLevelDepts, toDeptVOs } from "./service";
import { DEPT_SYNC_CODE, syncDepts } from "./sync";
import { TOP } from "./paths";
import { refuseRemoveInUse, submitDept } from "./write";

/**
 * /blade-system/dept: the kit's page, detail and remove (refused while anything still hangs from
 * the department), BladeX's tree reads, and the writes that keep `ancestors` right — submit (with
 * moves), import from the Excel template, and syncDept (re-deriving every path).
 */
const codes = permissionCodes(deptSpec);

export function deptRoutes(ctx: AppContext) {
  return defineRoutes(
    ctx,
    crudRoutes(ctx, {
      spec: deptSpec,
      table: dept,
      missing: MSG_DEPT_MISSING,
      defaultOrder: DEPT_ORDER,
      reserved: ["tenantId"],
      // BladeX answers /list as a forest of the matching departments, and lazy-list one level at a
      // time (a search without parentId: the first matches on every level), of one tenant each.
      list: "lazy",
      tree: { top: TOP, limit: LEVEL_LIMIT, searchLimit: SEARCH_LIMIT },
      oneTenant: "trees",
      // Also the search of the department pickers of other pages (user form, user filter): any
      // signed-in user, who may read the whole tree from /tree anyway.
      access: { lazyList: AUTHENTICATED },
      toVO: (rows, scope) => toDeptVOs(scope, rows),
      beforeRemove: refuseRemoveInUse,
      routes: [
        { method: "POST", path: "/submit", access: canAny(codes.create, codes.edit), handler: async (c) => ok(c, await submitDept(ctx, c)) },
        { method: "POST", path: "/import", access: can(DEPT_IMPORT_CODE), handler: async (c) => ok(c, await importDepts(c)) },
        { method: "GET", path: "/export-template", access: can(DEPT_IMPORT_CODE), doc: XLSX_FILE, handler: (c) => importTemplate(c) },
        { method: "POST", path: "/syncDept", access: can(DEPT_SYNC_CODE), handler: async (c) => ok(c, await syncDepts(c.var.scope, queryParam(c, "tenantId"))) },
        {
          // Department pickers and filters of other pages (users, switch form): any signed-in user.
          method: "GET",
          path: "/tree",
          access: AUTHENTICATED,
          handler: async (c) => ok(c, await deptTree(c.var.scope, queryParam(c, "tenantId"))),
        },
        {
          method: "GET",
          path: "/lazy-tree",
          access: AUTHENTICATED,
          handler: async (c) => {
            const parentId = optionalId(queryParam(c, "parentId"), "parentId") ?? "0";
            return ok(c, await deptLazyTree(c.var.scope, parentId, queryParam(c, "tenantId")));
          },
        },
        {
          method: "GET",
          path: "/firstLevelDeptList",
          access: AUTHENTICATED,
          handler: async (c) => ok(c, await firstLevelDepts(c.var.scope, queryParam(c, "tenantId"))),
        },
        {
          // The switch form: the departments the user belongs to, in the user's order.
          method: "GET",
          path: "/select",
          access: AUTHENTICATED,
          handler: async (c) => {
            const target = await selectUser(ctx, c);
            const ids = splitIds(target.deptId);
            const rows = ids.length ? await c.var.scope.repo(dept).list(inArray(dept.id, ids), { tenantId: target.tenantId }) : [];
            const list = inListOrder(ids, rows)
              .map(({ id, tenantId, parentId, ancestors, deptCategory, deptName, fullName, sort, remark, createTime }) => {
                return { id, tenantId, parentId, ancestors, deptCategory, deptName, fullName, sort, remark, createTime: trimDateTime(createTime) };
              });
            return ok(c, list);
          },
        },
      ],
    }),
  );
}
