import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dictSpec } from "../../../domain/resources/system/dict/spec";
import { dictBizSpec } from "../../../domain/resources/system/dictbiz/spec";
import { describeConformance, twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

const root = (n: number) => ({ code: `conf_${n}`, dictValue: `字典${n}`, sort: n, isSealed: 0 });
describe("dict", () => describeConformance({ spec: dictSpec, platform: true, valid: root, change: { field: "dictValue", value: "新名称" } }));
describe("dict-biz", () => describeConformance({ spec: dictBizSpec, valid: root, change: { field: "dictValue", value: "新名称" } }));

interface Node {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  title?: string;
  parentName?: string;
  hasChildren?: boolean;
  children?: Node[];
}

describe("dictionaries beyond the common routes", () => {
  let api: TestApp;
  let admin: string;
  let tokens: TenantTokens;
  const call = async (path: string, token: string, o: { query?: Record<string, string>; json?: unknown; remove?: string } = {}) => {
    const res = await api.request(`/api/blade-system/${path}`, {
      token,
      json: o.json,
      method: o.remove !== undefined ? "POST" : undefined,
      query: o.remove !== undefined ? { ids: o.remove } : o.query,
    });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
  };
  const submit = async (base: string, token: string, json: Record<string, unknown>) => {
    const r = await call(`${base}/submit`, token, { json });
    expect(r.body.msg, JSON.stringify(r.body)).toBe("操作成功");
    return r.body.data as Node;
  };
  const sexRoot = async () => {
    const r = await call("dict/parent-list", admin, { query: { code_equal: "sex" } });
    return (r.body.data as { records: Node[] }).records[0];
  };

  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    tokens = await twoTenants(api);
    admin = tokens.admin;
  });
  afterAll(() => api.close());

  it("pages the roots in parent-list, and lists a parent's entries in child-list", async () => {
    const page = (await call("dict/parent-list", admin, { query: { size: "200" } })).body.data as { records: Node[]; total: number };
    expect(page.records.length).toBeGreaterThan(10);
    expect(page.records.every((r) => r.parentId === "0" && r.dictKey === "-1" && r.parentName === "顶级")).toBe(true);
    const sex = await sexRoot();
    expect(sex).toMatchObject({ dictValue: "性别", hasChildren: true });
    const children = (await call("dict/child-list", admin, { query: { parentId: sex.id } })).body.data as Node[];
    expect(children.map((c) => [c.dictKey, c.dictValue, c.parentName])).toEqual([["1", "男", "性别"], ["2", "女", "性别"], ["3", "未知", "性别"]]);
    expect((await call("dict/child-list", admin)).body.data).toEqual([]);
    expect((await call("dict/child-list", admin, { query: { parentId: "1234567890123" } })).status).toBe(400);
  });

  it("answers tree?code with the code's root and entries as tree nodes", async () => {
    const tree = (await call("dict/tree", admin, { query: { code: "sex" } })).body.data as Node[];
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ title: "性别", key: tree[0].id, value: tree[0].id, hasChildren: true });
    expect(tree[0].children?.map((c) => c.title)).toEqual(["男", "女", "未知"]);
    const all = (await call("dict/tree", admin)).body.data as Node[];
    expect(all.length).toBeGreaterThan(10);
  });

  it("answers dictionary?code to any signed-in user: the unsealed entries in sort order", async () => {
    const r = await call("dict/dictionary", tokens.plain100001, { query: { code: "sex" } });
    expect(r.status).toBe(200);
    expect((r.body.data as Node[]).map((e) => [e.code, e.dictKey, e.dictValue])).toEqual([["sex", "1", "男"], ["sex", "2", "女"], ["sex", "3", "未知"]]);
    expect((await call("dict/dictionary", tokens.plain100001)).body.data).toEqual([]);
    expect((await api.request("/api/blade-system/dict/dictionary?code=sex")).status).toBe(401);
    const sealed = await submit("dict", admin, { parentId: (await sexRoot()).id, code: "sex", dictKey: "9", dictValue: "封存项", sort: 9, isSealed: 1 });
    const keys = ((await call("dict/dictionary", tokens.plain100001, { query: { code: "sex" } })).body.data as Node[]).map((e) => e.dictKey);
    expect(keys).not.toContain(sealed.dictKey);
  });

  it("gives a child its parent's code, and refuses a parent that is not there", async () => {
    const parent = await submit("dict", admin, { code: "inherit", dictValue: "继承", sort: 1, isSealed: 0, dictKey: -1 });
    expect(parent.dictKey).toBe("-1");
    const child = await submit("dict", admin, { parentId: parent.id, code: "other", dictKey: "1", dictValue: "甲", sort: 1, isSealed: 0 });
    expect(child).toMatchObject({ code: "inherit", parentId: parent.id, parentName: "继承" });
    const orphan = await call("dict/submit", admin, { json: { parentId: "1234567890123", code: "x", dictKey: "1", dictValue: "乙", sort: 1, isSealed: 0 } });
    expect(orphan.body).toMatchObject({ code: 400, msg: "上级字典不存在" });
    const noKey = await call("dict/submit", admin, { json: { parentId: parent.id, code: "inherit", dictValue: "丙", sort: 2, isSealed: 0 } });
    expect(noKey.body).toMatchObject({ code: 400, msg: "请输入字典键值", data: [{ field: "dictKey", message: "请输入字典键值" }] });
    // A new code for the root carries its entries along.
    await submit("dict", admin, { id: parent.id, code: "inherit2" });
    const entries = (await call("dict/dictionary", admin, { query: { code: "inherit2" } })).body.data as Node[];
    expect(entries.map((e) => e.id)).toEqual([child.id]);
  });

  it("refuses a key already used in the code, and a root code already used", async () => {
    const sex = await sexRoot();
    const clash = await call("dict/submit", admin, { json: { parentId: sex.id, code: "sex", dictKey: "1", dictValue: "重复", sort: 5, isSealed: 0 } });
    expect(clash.body).toMatchObject({ code: 400, msg: "字典键值已存在", data: [{ field: "dictKey", message: "字典键值已存在" }] });
    const rootClash = await call("dict/submit", admin, { json: { code: "sex", dictValue: "性别2", sort: 1, isSealed: 0 } });
    expect(rootClash.body).toMatchObject({ code: 400, msg: "字典编号已存在" });
  });

  it("keeps a sealed entry: no edit, no removal, until it is unsealed", async () => {
    const parent = await submit("dict", admin, { code: "sealing", dictValue: "封存测试", sort: 1, isSealed: 0 });
    const entry = await submit("dict", admin, { parentId: parent.id, code: "sealing", dictKey: "1", dictValue: "甲", sort: 1, isSealed: 1 });
    const edit = await call("dict/submit", admin, { json: { ...entry, dictValue: "乙" } });
    expect(edit.body).toMatchObject({ code: 400, msg: "已封存的字典不可修改" });
    expect((await call("dict/remove", admin, { remove: entry.id })).body).toMatchObject({ code: 400, msg: "已封存的字典不可删除" });
    await submit("dict", admin, { ...entry, isSealed: 0 });
    expect((await submit("dict", admin, { id: entry.id, dictValue: "乙" })).dictValue).toBe("乙");
  });

  it("refuses to remove a parent whose entries remain, and removes both together", async () => {
    const parent = await submit("dict", admin, { code: "removal", dictValue: "删除测试", sort: 1, isSealed: 0 });
    const entry = await submit("dict", admin, { parentId: parent.id, code: "removal", dictKey: "1", dictValue: "甲", sort: 1, isSealed: 0 });
    expect((await call("dict/remove", admin, { remove: parent.id })).body).toMatchObject({ code: 400, msg: "请先删除子节点" });
    expect((await call("dict/remove", admin, { remove: `${parent.id},${entry.id}` })).status).toBe(200);
  });

  it("keeps each tenant's business dictionaries to itself", async () => {
    for (const t of ["100001", "100002"] as const) {
      const parent = await submit("dict-biz", tokens[`admin${t}`], { code: "color", dictValue: "颜色", sort: 1, isSealed: 0 });
      await submit("dict-biz", tokens[`admin${t}`], { parentId: parent.id, code: "color", dictKey: "1", dictValue: `红${t}`, sort: 1, isSealed: 0 });
    }
    for (const t of ["100001", "100002"] as const) {
      const entries = (await call("dict-biz/dictionary", tokens[`plain${t}`], { query: { code: "color" } })).body.data as Node[];
      expect(entries.map((e) => e.dictValue)).toEqual([`红${t}`]);
      const roots = (await call("dict-biz/parent-list", tokens[`admin${t}`])).body.data as { records: Node[] };
      expect(roots.records).toHaveLength(1);
    }
    const other = ((await call("dict-biz/parent-list", tokens.admin100002)).body.data as { records: Node[] }).records[0];
    const child = await call("dict-biz/submit", tokens.admin100001, { json: { parentId: other.id, code: "color", dictKey: "2", dictValue: "绿", sort: 2, isSealed: 0 } });
    expect(child.body).toMatchObject({ code: 400, msg: "上级字典不存在" });
    expect((await call("dict-biz/child-list", tokens.admin100001, { query: { parentId: other.id } })).status).toBe(400);
  });
});
