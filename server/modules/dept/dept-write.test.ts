/** Creating, moving and removing departments: what ancestors, tenants and the user filter make of it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { MSG_PARENT_LOOP, MSG_PARENT_MISSING, MSG_PARENT_TENANT } from "./write";

let t: TestApp;
let admin: string;
let other: string;
let root: string;
let otherRoot: string;

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Dept {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  deptName: string;
  fullName: string;
  parentName: string;
  deptCategoryName: string;
  hasChildren: boolean;
  createUserName: string;
}

const call = async <T = unknown>(path: string, o: Parameters<TestApp["request"]>[1] = {}) => {
  const res = await t.request(`/api/blade-system/dept/${path}`, { token: admin, ...o });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
};
const submit = (json: Record<string, unknown>, token = admin) => call<Dept>("submit", { json, token });
const create = async (deptName: string, parentId = root, token = admin) => {
  const r = await submit({ deptName, parentId, deptCategory: 2, sort: 1 }, token);
  expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
  return r.body.data;
};
const detail = async (id: string, token = admin) => (await call<Dept>("detail", { query: { id }, token })).body.data;
const remove = (ids: string[]) => call("remove", { method: "POST", query: { ids: ids.join(",") } });
const usersOf = async (deptId: string) => {
  const res = await t.request("/api/blade-user/page", { token: admin, query: { deptId, size: 200 } });
  return ((await res.json()).data.records as { account: string }[]).map((u) => u.account);
};

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
  otherRoot = (await t.createTenant("300001", "外部租户")).rootDeptId;
  await t.createUser({ account: "outsider", password: "Passw0rd!x", tenantId: "300001", roleAliases: ["admin"] });
  other = (await t.login("outsider", "Passw0rd!x", { tenantId: "300001" })).access_token;
  root = (await call<{ id: string }[]>("lazy-tree", { query: { parentId: "0" } })).body.data[0].id;
});
afterAll(() => t.close());

describe("POST /blade-system/dept/submit", () => {
  it("creates below a parent: the server sets ancestors and the full name, and names parent and category", async () => {
    const a = await create("研发中心");
    expect(a).toMatchObject({ parentId: root, ancestors: `0,${root}`, tenantId: "000000", fullName: "研发中心", parentName: "刀锋科技", deptCategoryName: "部门", hasChildren: false });
    expect(a.createUserName).not.toBe("");
    expect((await detail(root)).hasChildren).toBe(true);
    const top = await submit({ deptName: "独立机构", deptCategory: 1, sort: 9, fullName: "独立机构有限公司" });
    expect(top.body.data).toMatchObject({ parentId: "0", ancestors: "0", parentName: "顶级", fullName: "独立机构有限公司" });
  });

  it("ignores an ancestors value sent by the client", async () => {
    const a = (await submit({ deptName: "伪造路径", parentId: root, deptCategory: 2, sort: 1, ancestors: "0,1,2" })).body.data;
    expect(a.ancestors).toBe(`0,${root}`);
  });

  it("moves a department with everything below it: every descendant's ancestors follow, and so does the user filter", async () => {
    const a = await create("华东区");
    const b = await create("上海分部", a.id);
    const c = await create("浦东组", b.id);
    const d = await create("事业部");
    await t.createUser({ account: "pudong", password: "Passw0rd!x", deptId: c.id });
    expect(await usersOf(d.id)).not.toContain("pudong");

    const moved = await submit({ id: a.id, parentId: d.id });
    expect(moved.body.data).toMatchObject({ parentId: d.id, ancestors: `0,${root},${d.id}`, parentName: "事业部" });
    expect((await detail(b.id)).ancestors).toBe(`0,${root},${d.id},${a.id}`);
    expect((await detail(c.id)).ancestors).toBe(`0,${root},${d.id},${a.id},${b.id}`);
    expect(await usersOf(d.id)).toContain("pudong");
    const underRoot = (await call<Dept[]>("lazy-list", { query: { parentId: root } })).body.data.map((x) => x.deptName);
    expect(underRoot).not.toContain("华东区");
    expect((await call<Dept[]>("lazy-list", { query: { parentId: d.id } })).body.data.map((x) => x.deptName)).toEqual(["华东区"]);

    // Back to the top level: "" and "0" both mean no parent.
    expect((await submit({ id: a.id, parentId: "" })).body.data).toMatchObject({ parentId: "0", ancestors: "0" });
    expect((await detail(c.id)).ancestors).toBe(`0,${a.id},${b.id}`);
    expect(await usersOf(d.id)).not.toContain("pudong");
  });

  it("refuses to move a department under itself or below it, beside the parent field, changing nothing", async () => {
    const a = await create("总部");
    const b = await create("总部一处", a.id);
    for (const parentId of [a.id, b.id]) {
      const r = await submit({ id: a.id, parentId, deptName: "改名不应生效" });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ msg: MSG_PARENT_LOOP, data: [{ field: "parentId", message: MSG_PARENT_LOOP }] });
    }
    expect(await detail(a.id)).toMatchObject({ deptName: "总部", parentId: root, ancestors: `0,${root}` });
  });

  it("refuses a parent that is not there, or not the caller's", async () => {
    const missing = await submit({ deptName: "孤儿", parentId: "1234567890123", deptCategory: 2, sort: 1 });
    expect(missing.body).toMatchObject({ code: 400, data: [{ field: "parentId", message: MSG_PARENT_MISSING }] });
    const foreign = await submit({ deptName: "越界", parentId: root, deptCategory: 2, sort: 1 }, other);
    expect(foreign.body).toMatchObject({ code: 400, data: [{ field: "parentId", message: MSG_PARENT_MISSING }] });
  });

  it("puts the platform administrator's child in its parent's tenant, and never moves one across tenants", async () => {
    const child = await create("外部子机构", otherRoot);
    expect(child.tenantId).toBe("300001");
    expect((await call<Dept[]>("lazy-list", { token: other, query: { parentId: otherRoot } })).body.data.map((x) => x.deptName)).toContain("外部子机构");
    const mine = await create("本租户机构");
    const across = await submit({ id: mine.id, parentId: otherRoot });
    expect(across.body).toMatchObject({ code: 400, data: [{ field: "parentId", message: MSG_PARENT_TENANT }] });
    const named = await submit({ deptName: "错配", parentId: root, tenantId: "300001", deptCategory: 2, sort: 1 });
    expect(named.body).toMatchObject({ code: 400, data: [{ field: "parentId", message: MSG_PARENT_TENANT }] });
  });

  it("refuses a phone or mailbox that breaks the §5 rules, with their messages", async () => {
    const r = await submit({ deptName: "联系方式", parentId: root, deptCategory: 2, sort: 1, phone: "0512-123", mailbox: "not-mail" });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual(expect.arrayContaining([{ field: "phone", message: "格式不正确" }, { field: "mailbox", message: "邮箱格式不正确" }]));
  });
});

describe("POST /blade-system/dept/remove", () => {
  it("refuses while a sub-department remains, naming both; a whole subtree goes at once", async () => {
    const a = await create("待撤销");
    const b = await create("待撤销下级", a.id);
    await create("待撤销下级二", a.id);
    const r = await remove([a.id]);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe("机构「待撤销」下还有下级机构「待撤销下级」等2个下级机构，请先删除或移走下级机构");
    const partial = await remove([a.id, b.id]);
    expect(partial.body.msg).toContain("「待撤销下级二」");
    expect((await detail(b.id)).deptName).toBe("待撤销下级");
    const all = (await call<Dept[]>("lazy-list", { query: { parentId: a.id } })).body.data.map((x) => x.id);
    expect((await remove([a.id, ...all])).body.code).toBe(200);
    expect((await call("detail", { query: { id: a.id } })).status).toBe(400);
  });

  it("refuses while users remain, naming the department and a user", async () => {
    const a = await create("有人机构");
    await t.createUser({ account: "member1", password: "Passw0rd!x", realName: "成员甲", deptId: a.id });
    await t.createUser({ account: "member2", password: "Passw0rd!x", realName: "成员乙", deptId: a.id });
    const r = await remove([a.id]);
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^机构「有人机构」下还有用户「成员[甲乙]」等2名用户，请先将用户移出该机构$/);
    expect((await detail(a.id)).deptName).toBe("有人机构");
  });
});

describe("reads of /blade-system/dept", () => {
  it("lazy-list answers one level as DeptVOs, and without parentId searches every level", async () => {
    const a = await create("检索总部");
    await create("检索深处", (await create("检索中层", a.id)).id);
    const level = (await call<Dept[]>("lazy-list", { query: { parentId: a.id } })).body.data;
    expect(level.map((d) => [d.deptName, d.hasChildren])).toEqual([["检索中层", true]]);
    const found = (await call<Dept[]>("lazy-list", { query: { deptName: "检索深" } })).body.data;
    expect(found.map((d) => [d.deptName, d.parentName])).toEqual([["检索深处", "检索中层"]]);
    const top = (await call<Dept[]>("lazy-list")).body.data.map((d) => d.parentId);
    expect(new Set(top)).toEqual(new Set(["0"]));
  });

  it("list answers the matching departments as a forest; firstLevelDeptList the top level", async () => {
    const forest = (await call<(Dept & { children?: Dept[] })[]>("list", { query: { deptName: "刀锋" } })).body.data;
    expect(forest.map((d) => d.deptName)).toEqual(["刀锋科技"]);
    expect(forest[0].children!.map((d) => d.deptName)).toEqual(["常州刀锋", "苏州刀锋"]);
    const first = (await call<Dept[]>("firstLevelDeptList")).body.data;
    expect(first.every((d) => d.parentId === "0")).toBe(true);
    expect(first.map((d) => d.deptName)).toContain("刀锋科技");
  });

  it("refuses the tree, import and sync routes without a token, and the management ones without the codes", async () => {
    for (const path of ["lazy-list", "lazy-tree", "firstLevelDeptList", "export-template"]) {
      expect((await t.request(`/api/blade-system/dept/${path}`)).status, path).toBe(401);
    }
    await t.createUser({ account: "plainuser", password: "Passw0rd!x", roleAliases: ["user"] });
    const plain = (await t.login("plainuser", "Passw0rd!x")).access_token;
    expect((await call("list", { token: plain })).status).toBe(403);
    expect((await call("export-template", { token: plain })).status).toBe(403);
    expect((await call("syncDept", { method: "POST", token: plain })).status).toBe(403);
    // The pickers of other pages: a level, or a search over every level, for anyone signed in.
    expect((await call("lazy-tree", { token: plain })).status).toBe(200);
    expect((await call("lazy-list?deptName=刀锋", { token: plain })).status).toBe(200);
  });
});
