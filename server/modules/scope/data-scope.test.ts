/** Data scopes (/blade-system/data-scope): per menu, platform-wide, rules over allow-listed columns. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataScopeSpec } from "../../../domain/resources/system/menu/spec";
import { menu } from "../../db/schema";
import { describeConformance } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

// Every copy of the template database has the same menus: the user page's id holds for all of them.
let userMenu = "";
beforeAll(async () => {
  const t = await freshApp({ oauth: false });
  [{ id: userMenu }] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, "user"));
  await t.close();
});

describeConformance({
  spec: dataScopeSpec,
  platform: true,
  valid: (n) => ({ menuId: userMenu, scopeName: `数据权限${n}`, resourceCode: `scope_${n}`, scopeType: 1 }),
  change: { field: "scopeName", value: "改过的数据权限" },
});

describe("data scopes beyond the common routes", () => {
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
    const res = await api.request("/api/blade-system/data-scope/submit", { token: admin, json });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> } };
  };
  const base = (extra: Record<string, unknown>) => ({ menuId: ids.user, scopeName: "规则", resourceCode: "rule", ...extra });

  it("answers the columns a scope of a menu may name: the table it manages, no secrets", async () => {
    const res = await api.request("/api/blade-system/data-scope/columns", { token: admin, query: { menuId: ids.user } });
    const columns = (await res.json()).data as string[];
    expect(columns).toEqual(["account", "code", "create_dept", "create_user", "dept_id", "id", "post_id", "role_id", "status", "user_type"]);
    // Personal data is off the list: a rule over it would let a role probe it row by row.
    for (const personal of ["password", "phone", "email", "real_name", "id_number", "birthday"]) expect(columns).not.toContain(personal);
    // A menu whose module names no list of its own: the row's id, creator, department and status.
    const posts = await api.request("/api/blade-system/data-scope/columns", { token: admin, query: { menuId: ids.post } });
    expect((await posts.json()).data).toEqual(["create_dept", "create_user", "id", "status"]);
    const none = await api.request("/api/blade-system/data-scope/columns", { token: admin, query: { menuId: ids.system } });
    expect((await none.json()).data).toEqual([]);
  });

  it("saves each type with what it needs, and lists a menu's scopes with their type names", async () => {
    for (const [scopeType, extra] of [[1, {}], [2, { scopeColumn: "create_user" }], [3, {}], [4, { scopeColumn: "create_dept" }], [5, { scopeValue: "status:eq:1;create_user:eq:${userId}" }]] as const) {
      const r = await submit(base({ scopeType, scopeName: `类型${scopeType}`, ...extra }));
      expect(r.status, r.body.msg).toBe(200);
    }
    const res = await api.request("/api/blade-system/data-scope/list", { token: admin, query: { menuId: ids.user, size: 50 } });
    const records = (await res.json()).data.records as { scopeName: string; scopeTypeName: string; menuName: string; menuId: string }[];
    expect(records.map((r) => r.scopeTypeName).sort()).toEqual(["全部可见", "所在机构及子级可见", "所在机构可见", "本人可见", "自定义"].sort());
    expect(records.every((r) => r.menuId === ids.user && r.menuName === "用户管理")).toBe(true);
    // menuId is an equality, not a LIKE: another menu's id lists nothing of these.
    const other = await api.request("/api/blade-system/data-scope/list", { token: admin, query: { menuId: ids.dept } });
    expect((await other.json()).data.records).toEqual([]);
  });

  it("refuses a rule that is SQL, names an unknown or secret column, or is malformed, beside the field", async () => {
    const refused = async (extra: Record<string, unknown>, field: string, message: string) => {
      const r = await submit(base(extra));
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.data).toEqual([{ field, message }]);
    };
    await refused({ scopeType: 5, scopeValue: "" }, "scopeValue", "自定义规则不能为空");
    await refused({ scopeType: 5, scopeValue: "1=1 or 1=1" }, "scopeValue", "规则\"1=1 or 1=1\"的字段不正确");
    await refused({ scopeType: 5, scopeValue: "status:between:1" }, "scopeValue", "规则\"status:between:1\"的运算符应为 eq/ne/gt/ge/lt/le/like/in");
    await refused({ scopeType: 5, scopeValue: "password:like:a" }, "scopeValue", "规则\"password:like\"的字段不在可用字段中");
    await refused({ scopeType: 5, scopeValue: "nope:eq:1" }, "scopeValue", "规则\"nope:eq\"的字段不在可用字段中");
    // Columns of the table that are off its allow-list, by SQL or property name.
    await refused({ scopeType: 5, scopeValue: "status:eq:1;phone:like:138" }, "scopeValue", "规则\"phone:like\"的字段不在可用字段中");
    await refused({ scopeType: 5, scopeValue: "realName:eq:张三" }, "scopeValue", "规则\"realName:eq\"的字段不在可用字段中");
    await refused({ scopeType: 3, scopeColumn: "id_number" }, "scopeColumn", "权限字段不在可用字段中");
    await refused({ scopeType: 5, scopeValue: Array.from({ length: 11 }, () => "status:eq:1").join(";") }, "scopeValue", "自定义规则最多10个条件");
    await refused({ scopeType: 2, scopeColumn: "create_user; drop table x" }, "scopeColumn", "权限字段只能是字母、数字和下划线组成的列名");
    await refused({ scopeType: 2, scopeColumn: "password" }, "scopeColumn", "权限字段不在可用字段中");
    await refused({ scopeType: 1, scopeField: "a,b c" }, "scopeField", "可见字段应为 * 或以逗号分隔的列名");
    await refused({ scopeType: 3, menuId: ids.system }, "scopeType", "菜单「系统管理」不管理数据表，只能选择全部可见");
    await refused({ scopeType: 1, menuId: ids.user_add }, "menuId", "权限只能设在菜单上，不能设在按钮上");
    await refused({ scopeType: 1, menuId: "1234567890123" }, "menuId", "所属菜单不存在");
  });

  it("checks an update as the merged row: a type changed to custom needs its rule", async () => {
    const created = await submit(base({ scopeType: 1, scopeName: "将改" }));
    const r = await submit({ id: created.body.data.id, scopeType: 5 });
    expect(r.body).toMatchObject({ code: 400, msg: "自定义规则不能为空" });
    const ok = await submit({ id: created.body.data.id, scopeType: 5, scopeValue: "dept_id:like:123" });
    expect(ok.body.data).toMatchObject({ scopeType: 5, scopeValue: "dept_id:like:123", scopeTypeName: "自定义" });
  });
});
