import { and, eq } from "drizzle-orm";
import { userSpec } from "../../../domain/resources/system/user/spec";
import { dept, role } from "../../db/schema";
import { describeConformance } from "../../test/conformance";
import { bodyErrors } from "./input";

/** Each tenant's plain role and root department, which a valid user names (tenant → ids). */
const refs = new Map<string, { roleId: string; deptId: string }>();

// The user page is the kit's list (page), detail, submit and remove, as every other resource.
describeConformance({
  spec: userSpec,
  listPath: "page",
  updatePath: "update",
  // §5 gives the user form words of its own: validateUser, which the form shares, plus what only
  // the server judges (bodyErrors). The battery then proves the route refuses with those words.
  validate: (body) => bodyErrors(body, "create"),
  prepare: async (api) => {
    for (const tenantId of ["100001", "100002"]) {
      const [r] = await api.db.select({ id: role.id }).from(role).where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, "user")));
      const [d] = await api.db.select({ id: dept.id }).from(dept).where(and(eq(dept.tenantId, tenantId), eq(dept.parentId, "0")));
      refs.set(tenantId, { roleId: r.id, deptId: d.id });
    }
  },
  valid: (n, tenantId) => ({
    account: `kit${n}`,
    realName: `张${"三四五六七八九十"[n % 8]}`,
    password: "Passw0rd!x",
    password2: "Passw0rd!x",
    roleId: refs.get(tenantId)?.roleId,
    deptId: refs.get(tenantId)?.deptId,
  }),
  change: { field: "realName", value: "李四" },
});
