import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../domain/contract";
import type { RolePolicyRow, RoleVO } from "../../../domain/resources/system/role/contract";
import { nextId } from "../../db/ids";
import { menu, scopeData } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let tokens: TenantTokens;
beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
});
afterAll(() => t.close());

const policy = async (token: string, query: Record<string, string> = {}) => {
  const res = await t.request("/api/blade-system/rolePolicy/rolePolicyPage", { token, query });
  return { status: res.status, body: (await res.json()) as { msg: string; data: Page<RolePolicyRow> } };
};

describe("GET /blade-system/rolePolicy/rolePolicyPage", () => {
  it("summarises each role's grants and holders, a page at a time", async () => {
    const rows = await t.db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, ["system", "post", "post_add", "post_edit"]));
    const ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
    const scope = nextId();
    await t.db.insert(scopeData).values({ id: scope, menuId: ids.post, scopeName: "本部门", scopeType: 3 });
    const created = await t.request("/api/blade-system/role/submit", { token: tokens.admin100001, json: { roleName: "编辑", roleAlias: "editor", sort: 3 } });
    const editor = ((await created.json()).data as RoleVO).id;
    await t.request("/api/blade-system/role/grant", {
      token: tokens.admin,
      json: { roleIds: [editor], menuIds: [ids.system, ids.post, ids.post_add, ids.post_edit], dataScopeIds: [scope], apiScopeIds: [] },
    });
    await t.createUser({ account: "ed", password: "Passw0rd!x", tenantId: "100001", roleAliases: ["editor"] });

    const { body } = await policy(tokens.admin100001, { size: "2" });
    expect(body.data).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(body.data.records.map((r) => r.roleAlias)).toEqual(["admin", "user"]);
    const [row] = (await policy(tokens.admin100001, { roleAlias: "editor" })).body.data.records;
    expect(row).toMatchObject({ roleName: "编辑", menuCount: 2, buttonCount: 2, dataScopeCount: 1, apiScopeCount: 0, userCount: 1, menuNames: "系统管理" });
  });

  it("keeps to the caller's tenant and needs the role page", async () => {
    const { body } = await policy(tokens.admin100002);
    expect(body.data.records.every((r) => r.tenantId === "100002")).toBe(true);
    expect((await policy(tokens.plain100001)).status).toBe(403);
    expect((await policy(tokens.admin100001, { password: "x" })).status).toBe(400);
  });
});
