/** API scopes (/blade-system/api-scope): per menu, platform-wide, ant-style path patterns. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiScopeSpec } from "../../../domain/resources/system/menu/spec";
import { menu } from "../../db/schema";
import { describeConformance } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

// Every copy of the template database has the same menus: the dept page's id holds for all of them.
let deptMenu = "";
beforeAll(async () => {
  const t = await freshApp({ oauth: false });
  [{ id: deptMenu }] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "dept"));
  await t.close();
});

describeConformance({
  spec: apiScopeSpec,
  platform: true,
  valid: (n) => ({ menuId: deptMenu, scopeName: `接口权限${n}`, resourceCode: `api_${n}`, scopePath: `/blade-test/n${n}/**`, scopeType: 2 }),
  change: { field: "scopePath", value: "/blade-test/changed/*" },
});

describe("API scopes beyond the common routes", () => {
  let api: TestApp;
  let admin: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
    ids = Object.fromEntries((await api.db.select({ id: menu.id, code: menu.code }).from(menu)).map((m) => [m.code, m.id]));
  });
  afterAll(() => api.close());

  const submit = async (json: Record<string, unknown>) => {
    const res = await api.request("/api/blade-system/api-scope/submit", { token: admin, json });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> } };
  };

  it("takes ant-style patterns and refuses anything else beside the field", async () => {
    for (const scopePath of ["/blade-user/**", "/blade-system/menu/*", "/blade-desk/notice/detail?", "/x/{id}/y"]) {
      const r = await submit({ menuId: ids.dept, scopeName: "路径模式", resourceCode: "p", scopePath, scopeType: 1 });
      expect(r.status, scopePath).toBe(200);
      expect(r.body.data).toMatchObject({ scopePath, scopeTypeName: "系统接口", menuName: "机构管理" });
    }
    for (const [scopePath, message] of [
      ["blade-user/**", "权限路径应以 / 开头，只含字母、数字和 - _ . / * ? { }"],
      ["/a b", "权限路径应以 / 开头，只含字母、数字和 - _ . / * ? { }"],
      ["/a/***", "权限路径中 * 最多连续两个"],
    ]) {
      const r = await submit({ menuId: ids.dept, scopeName: "坏", resourceCode: "bad", scopePath, scopeType: 1 });
      expect(r.body.data, scopePath).toEqual([{ field: "scopePath", message }]);
    }
    const listed = await api.request("/api/blade-system/api-scope/list", { token: admin, query: { menuId: ids.dept, scopePath: "blade-user" } });
    expect(((await listed.json()).data.records as { scopePath: string }[]).map((r) => r.scopePath)).toEqual(["/blade-user/**"]);
  });

  it("hangs only from menus", async () => {
    const r = await submit({ menuId: ids.dept_add, scopeName: "按钮上", resourceCode: "b", scopePath: "/x/**", scopeType: 1 });
    expect(r.body.data).toEqual([{ field: "menuId", message: "权限只能设在菜单上，不能设在按钮上" }]);
  });
});
