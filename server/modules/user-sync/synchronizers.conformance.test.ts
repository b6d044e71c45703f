/** The kit's battery for user synchronisers (/authentication/userSynchronizers). */
import { and, eq } from "drizzle-orm";
import { userSynchronizerSpec } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { role } from "../../db/schema";
import { describeConformance } from "../../test/conformance";

const roles = new Map<string, string>();

describeConformance({
  spec: userSynchronizerSpec,
  prepare: async (api) => {
    for (const t of ["000000", "100001", "100002"]) {
      const [r] = await api.db.select().from(role).where(and(eq(role.tenantId, t), eq(role.isDeleted, 0))).limit(1);
      roles.set(t, r.id);
    }
  },
  valid: (n, tenantId) => ({
    name: `同步器${n}`,
    sourceType: "dingtalk",
    principal: `app-key-${n}`,
    secret: `secret-${n}`,
    roleId: roles.get(tenantId),
  }),
  change: { field: "name", value: "新名称" },
});
