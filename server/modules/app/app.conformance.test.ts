/** The kit's battery for applications and application roles (an app role names an app of its tenant). */
import { describe } from "vitest";
import { appSpec } from "../../../domain/resources/applicationManagement/applicationList/spec";
import { appRoleSpec } from "../../../domain/resources/applicationManagement/rolesManagement/spec";
import { describeConformance } from "../../test/conformance";

describe("application", () =>
  describeConformance({
    spec: appSpec,
    valid: (n) => ({ appName: `应用${n}`, appCode: `app_${n}`, appUrl: `https://app${n}.example.com/`, sort: n }),
    change: { field: "appName", value: "新名称" },
  }));

describe("application role", () => {
  // One application per tenant, made once both tenants exist; each body names its sender's.
  const apps: Record<string, string> = {};
  describeConformance({
    spec: appRoleSpec,
    prepare: async (api, tokens) => {
      for (const [tenantId, token] of [["100001", tokens.admin100001], ["100002", tokens.admin100002]] as const) {
        const res = await api.request("/api/authentication/app/insert", { token, json: { appName: "办公", appCode: "oa", appUrl: "https://oa.example.com" } });
        apps[tenantId] = ((await res.json()) as { data: { id: string } }).data.id;
      }
    },
    valid: (n, tenantId) => ({ appId: apps[tenantId], roleName: `角色${n}`, roleCode: `r${n}`, sort: n }),
    change: { field: "roleName", value: "新角色名" },
  });
});
