import { and, eq, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode, UserSubmit, UserVO } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { menu, role, roleMenu, user, userDept } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let admin: string;
let plain: string;
let tenantAdmin: string;
let deptId: string;
let childDeptId: string;
let userRoleId: string;
let adminRoleId: string;
let foreignUserId: string;

beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  const depts: TreeNode[] = (await (await t.request("/api/blade-system/dept/tree", { token: admin })).json()).data;
  deptId = depts[0].id;
  childDeptId = depts[0].children![0].id;
  const roles = await t.db.select().from(role).where(eq(role.tenantId, "000000"));
  userRoleId = roles.find((r) => r.roleAlias === "user")!.id;
  adminRoleId = roles.find((r) => r.roleAlias === "administrator")!.id;
  await t.createUser({ account: "plain", password: "Passw0rd!x" });
  plain = (await t.login("plain", "Passw0rd!x")).access_token;
  await t.createTenant("500001", "隔壁公司");
  await t.createUser({ account: "boss", password: "Passw0rd!x", tenantId: "500001", roleAliases: ["admin"] });
  foreignUserId = (await t.createUser({ account: "worker", password: "Passw0rd!x", tenantId: "500001" })).id;
  tenantAdmin = (await t.login("boss", "Passw0rd!x", { tenantId: "500001" })).access_token;
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  account: "zhangsan",
  password: "Zs-passw0rd",
  password2: "Zs-passw0rd",
  realName: "张三",
  name: "小张",
  phone: "13800138000",
  email: "zhangsan@example.com",
  sex: 1,
  birthday: "1990-05-06 00:00:00",
  roleId: userRoleId,
  deptId,
  ...over,
});
const submit = (json: unknown, token = admin) => t.request("/api/blade-user/submit", { token, json });
const update = (json: unknown, token = admin) => t.request("/api/blade-user/update", { token, json });
const remove = (ids: string, token = admin) => t.request("/api/blade-user/remove", { method: "POST", token, query: { ids } });
const countAccount = async (account: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(user).where(and(eq(user.account, account), eq(user.isDeleted, 0))))[0].n;

describe("POST /blade-user/submit", () => {
  it("takes the platform (用户平台) as a user_type value, on create and update alike", async () => {
    const platform: UserSubmit = { userType: 2 };
    const res = await submit(newUser({ account: "platformed", ...platform }));
    expect(res.status).toBe(200);
    const created = (await res.json()).data as UserVO;
    expect(created).toMatchObject({ userType: 2, userTypeName: "APP" });
    for (const userType of [9, "0", "web", true, 1.5]) {
      const refused = await (await submit(newUser({ account: "platformbad", userType }))).json();
      expect(refused, String(userType)).toMatchObject({ code: 400, data: [{ field: "userType", message: "用户平台取值不正确" }] });
      const edit = await (await update({ id: created.id, userType })).json();
      expect(edit.data, String(userType)).toEqual([{ field: "userType", message: "用户平台取值不正确" }]);
    }
    expect(await (await update({ id: created.id, userType: "3" })).json()).toMatchObject({ data: { userType: 3, userTypeName: "OTHER" } });
    expect(await countAccount("platformbad")).toBe(0);
  });

  it("creates a user who can then sign in with the password as typed", async () => {
    const res = await submit(newUser());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: "操作成功", data: { account: "zhangsan", realName: "张三", deptName: "刀锋科技", roleName: "普通用户", sexName: "男", birthday: "1990-05-06 00:00:00", tenantId: "000000" } });
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    const [row] = await t.db.select().from(user).where(eq(user.id, body.data.id));
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.createUser).toBeTruthy();
    expect((await t.db.select().from(userDept).where(eq(userDept.userId, row.id))).map((r) => r.deptId)).toEqual([deptId]);
    expect((await t.login("zhangsan", "Zs-passw0rd")).account).toBe("zhangsan");
  });

  it("refuses a taken account in the same tenant", async () => {
    const res = await submit(newUser({ account: "admin" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, msg: "当前账号已被使用!", data: [{ field: "account", message: "当前账号已被使用!" }] });
  });

  it("answers validation failures with 400, the first message, and every field error in data", async () => {
    const res = await submit({ account: "", realName: "", phone: "123", email: "bad" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(400);
    expect(body.msg).toBe(body.data[0].message);
    const fields = body.data.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["account", "password", "realName", "phone", "email", "roleId", "deptId"]));
  });

  it("refuses wrong JSON types and oversize strings, naming the field", async () => {
    const typed = await submit(newUser({ account: "typed", realName: 42 }));
    expect(typed.status).toBe(400);
    expect((await typed.json()).data[0].field).toBe("realName");
    const long = await submit(newUser({ account: "long", avatar: "x".repeat(2001) }));
    expect(long.status).toBe(400);
    expect((await long.json()).msg).toBe("头像长度不能超过2000个字符");
    expect(await countAccount("typed")).toBe(0);
  });

  it("refuses role, dept or post ids that do not exist in the tenant", async () => {
    const res = await submit(newUser({ account: "ghost", roleId: "1234567890123456789" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ msg: "所选角色不存在", data: [{ field: "roleId" }] });
    const foreignDept = (await (await t.request("/api/blade-system/dept/tree", { token: tenantAdmin })).json()).data[0].id;
    const cross = await submit(newUser({ account: "ghost", deptId: foreignDept }));
    expect((await cross.json()).msg).toBe("所选机构不存在");
  });

  it("takes posts (所属岗位) of the user's tenant only, on create and update alike", async () => {
    const addPost = async (token: string, postCode: string, postName: string) => {
      const res = await t.request("/api/blade-system/post/submit", { token, json: { category: 1, postCode, postName, sort: 1 } });
      expect(res.status).toBe(200);
      const page = await (await t.request("/api/blade-system/post/list", { token, query: { postCode } })).json();
      return page.data.records[0].id as string;
    };
    const own = await addPost(admin, "dev", "开发");
    const foreign = await addPost(tenantAdmin, "ops", "运维");
    const refused = await submit(newUser({ account: "postman", postId: `${own},${foreign}` }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ msg: "所选岗位不存在", data: [{ field: "postId", message: "所选岗位不存在" }] });
    expect((await submit(newUser({ account: "postman", postId: own }))).status).toBe(200);
    const [created] = await t.db.select().from(user).where(eq(user.account, "postman"));
    expect(created.postId).toBe(own);
    const update = await t.request("/api/blade-user/update", { token: admin, json: { id: created.id, postId: foreign } });
    expect((await update.json()).msg).toBe("所选岗位不存在");
    // Cleared posts clear on the server (the form sends an empty list as "").
    expect((await t.request("/api/blade-user/update", { token: admin, json: { id: created.id, postId: "" } })).status).toBe(200);
    expect((await t.db.select().from(user).where(eq(user.id, created.id)))[0].postId).toBe("");
  });

  it("answers malformed JSON, an empty body and a JSON array with 400", async () => {
    for (const body of ["{bad json", "", "[1,2]"]) {
      const res = await t.request("/api/blade-user/submit", { method: "POST", token: admin, body, headers: { "Content-Type": "application/json" } });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(400);
    }
    const res = await t.request("/api/blade-user/submit", { method: "POST", token: admin, body: "{bad", headers: { "Content-Type": "application/json" } });
    expect((await res.json()).msg).toBe("请求体不是合法的JSON");
  });

  it("refuses an id in submit (creation only)", async () => {
    expect((await submit(newUser({ account: "withid", id: foreignUserId }))).status).toBe(400);
  });

  it("answers 401 without a token and 403 to role user", async () => {
    expect((await t.request("/api/blade-user/submit", { json: newUser({ account: "anon" }) })).status).toBe(401);
    const res = await submit(newUser({ account: "sneaky" }), plain);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 403, success: false, data: null, msg: "请求被拒绝" });
    expect(await countAccount("sneaky")).toBe(0);
  });

  it("lets a tenant admin create in its own tenant only", async () => {
    const foreignDept = (await (await t.request("/api/blade-system/dept/tree", { token: tenantAdmin })).json()).data[0].id;
    const foreignRole = (await (await t.request("/api/blade-system/role/tree", { token: tenantAdmin })).json()).data[1].id;
    const ok = await submit(newUser({ account: "local", roleId: foreignRole, deptId: foreignDept }), tenantAdmin);
    expect((await ok.json()).data.tenantId).toBe("500001");
    const cross = await submit(newUser({ account: "intruder", tenantId: "000000", roleId: foreignRole, deptId: foreignDept }), tenantAdmin);
    const missing = await submit(newUser({ account: "intruder", tenantId: "599999", roleId: foreignRole, deptId: foreignDept }), tenantAdmin);
    // Another tenant is answered like one that does not exist, so tenants cannot be probed.
    expect(cross.status).toBe(400);
    expect(await cross.json()).toEqual(await missing.json());
    expect(await countAccount("intruder")).toBe(0);
  });

  it("never hands the administrator role to a non-administrator's creation", async () => {
    // An operator of tenant 000000 whose role may add users, but who is no administrator. It holds
    // what role `user` grants (workbench, dashboard), so it may hand that role out (grantable.ts).
    const [operatorRole] = await t.db
      .insert(role)
      .values({ id: nextId(), tenantId: "000000", roleName: "人事", roleAlias: "hr" })
      .returning();
    // What role 普通用户 grants (menus and their buttons), and the right to create users.
    const granted = t.db.select({ id: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, userRoleId));
    const menus = await t.db.select().from(menu).where(or(inArray(menu.code, ["user", "user_add"]), inArray(menu.id, granted)));
    await t.db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: operatorRole.id, menuId: m.id })));
    await t.createUser({ account: "hr", password: "Passw0rd!x", roleAliases: ["hr"] });
    const hr = (await t.login("hr", "Passw0rd!x")).access_token;
    const res = await submit(newUser({ account: "escalate", roleId: adminRoleId }), hr);
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toBe("无权分配超级管理员角色");
    expect(await countAccount("escalate")).toBe(0);
    expect((await submit(newUser({ account: "allowed" }), hr)).status).toBe(200);
  });

  it("writes nothing when the transaction fails half-way", async () => {
    await t.db.execute(sql`create function fail_dept_link() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await t.db.execute(sql`create trigger fail_dept_link before insert on blade_user_dept for each row execute function fail_dept_link()`);
    const errors = console.error;
    console.error = () => {};
    try {
      const res = await submit(newUser({ account: "halfway" }));
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ code: 500, success: false, data: null, msg: "服务器异常" });
    } finally {
      console.error = errors;
      await t.db.execute(sql`drop trigger fail_dept_link on blade_user_dept`);
    }
    expect(await countAccount("halfway")).toBe(0);
  });
});

describe("POST /blade-user/update", () => {
  it("updates the fields given and leaves the password alone", async () => {
    const created = (await (await submit(newUser({ account: "editme" }))).json()).data as UserVO;
    const res = await update({ id: created.id, realName: "李四", deptId: childDeptId, password: "ignored-1" });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ realName: "李四", deptName: "常州刀锋", phone: "13800138000", account: "editme" });
    expect((await t.login("editme", "Zs-passw0rd")).account).toBe("editme");
    expect((await t.db.select().from(userDept).where(eq(userDept.userId, created.id))).map((r) => r.deptId)).toEqual([childDeptId]);
  });

  it("refuses a missing id, a taken account, and invalid fields", async () => {
    expect((await update({ realName: "x" })).status).toBe(400);
    const created = (await (await submit(newUser({ account: "rename" }))).json()).data as UserVO;
    expect((await (await update({ id: created.id, account: "admin" })).json()).msg).toBe("当前账号已被使用!");
    expect((await update({ id: created.id, email: "nope" })).status).toBe(400);
    expect((await update({ id: created.id, realName: "" })).status).toBe(400);
  });

  it("answers another tenant's user like a missing one; the platform administrator crosses tenants", async () => {
    expect((await update({ id: foreignUserId, realName: "改名" })).status).toBe(200);
    const [adminRow] = await t.db.select().from(user).where(eq(user.account, "admin"));
    const cross = await update({ id: adminRow.id, realName: "黑客" }, tenantAdmin);
    expect(cross.status).toBe(400);
    expect((await cross.json()).msg).toBe("用户不存在");
  });

  it("answers 403 to role user", async () => {
    expect((await update({ id: foreignUserId, realName: "x" }, plain)).status).toBe(403);
  });
});

describe("POST /blade-user/remove", () => {
  it("deletes logically, ends the users' sessions, and frees the account", async () => {
    const a = (await (await submit(newUser({ account: "gone1" }))).json()).data as UserVO;
    const b = (await (await submit(newUser({ account: "gone2" }))).json()).data as UserVO;
    const session = await t.login("gone1", "Zs-passw0rd");
    const res = await remove(`${a.id},${b.id}`);
    expect(await res.json()).toMatchObject({ code: 200, success: true });
    expect(await countAccount("gone1")).toBe(0);
    expect((await t.db.select().from(user).where(eq(user.id, a.id)))[0].isDeleted).toBe(1);
    expect((await t.request("/api/blade-auth/oauth/user-info", { token: session.access_token })).status).toBe(401);
    expect((await t.request("/api/blade-user/detail", { token: admin, query: { id: a.id } })).status).toBe(400);
    expect((await submit(newUser({ account: "gone1" }))).status).toBe(200);
  });

  it("refuses to delete yourself", async () => {
    const [me] = await t.db.select().from(user).where(eq(user.account, "admin"));
    const res = await remove(me.id);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("不能删除当前登录的用户");
  });

  it("changes nothing when one id is unknown or another tenant's", async () => {
    const keep = (await (await submit(newUser({ account: "keeper" }))).json()).data as UserVO;
    expect((await remove(`${keep.id},1234567890123456789`)).status).toBe(400);
    const { id: localId } = await t.createUser({ account: "localkeep", password: "Passw0rd!x", tenantId: "500001" });
    const mixed = await remove(`${localId},${keep.id}`, tenantAdmin);
    expect(mixed.status).toBe(400);
    expect((await mixed.json()).msg).toBe("用户不存在");
    expect(await countAccount("keeper")).toBe(1);
    expect(await countAccount("localkeep")).toBe(1);
    expect((await remove(localId, tenantAdmin)).status).toBe(200);
  });

  it("answers 400 without ids, 401 without a token and 403 to role user", async () => {
    expect((await remove("")).status).toBe(400);
    expect((await remove("abc")).status).toBe(400);
    expect((await t.request("/api/blade-user/remove", { method: "POST", query: { ids: "1" } })).status).toBe(401);
    expect((await remove(foreignUserId, plain)).status).toBe(403);
  });
});
