/** The Blade data provider against the reference server: what it sends, and how it reads the real answers. */
import { describe, expect, it, vi } from "vitest";
import dayjs from "dayjs";
import { capture, okReply, setupResourceTest, type Captured } from "../../testing/harness";
import { createDataProvider } from "./index";

const t = setupResourceTest();
const dp = createDataProvider();
const userMeta = { api: "/blade-user", endpoints: { update: "update" } };
const postMeta = { api: "/blade-system/post" };

/** What the server answers the administrator for `path` (the envelope's data). */
async function onServer<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  return (await (await t.api.request(`/api${path}`, { token: t.token, query })).json()).data as T;
}
type Page<T> = { records: T[]; total: number };
type User = { id: string; account: string; realName: string };
type Post = { id: string; postCode: string; postName: string };
const search = (c: Captured) => new URLSearchParams(c.query).toString().replace(/\+/g, "%20");

let serial = 0;
/** A user of tenant 000000 made for the test (it may be edited or deleted). */
async function newUser(): Promise<User> {
  const account = `dp${++serial}${Date.now() % 100_000}`;
  await t.api.createUser({ account, password: "Dp-test-pass-1", realName: "测试用户" });
  return (await onServer<Page<User>>("/blade-user/page", { account_equal: account })).records[0];
}

describe("getList", () => {
  it("pages with current and size, Blade filters and sorters, and reads records/total", async () => {
    const calls = capture(t.api.server, "/blade-user/page");
    const res = await dp.getList({
      resource: "user",
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [
        { field: "account", operator: "eq", value: "admin" },
        { field: "realName", operator: "contains", value: "管理" },
        { field: "createTime", operator: "gte", value: dayjs("2000-01-01 00:00:00") },
        { field: "createTime", operator: "lte", value: "2099-12-31 23:59:59" },
      ],
      sorters: [
        { field: "createTime", order: "desc" },
        { field: "account", order: "asc" },
      ],
      meta: userMeta,
    });
    expect(calls[0].method).toBe("GET");
    expect(calls[0].path).toBe("/api/blade-user/page");
    expect(search(calls[0])).toBe(
      "current=1&size=10&account_equal=admin&realName=%E7%AE%A1%E7%90%86&createTime_datege=2000-01-01%2000%3A00%3A00&createTime_datele=2099-12-31%2023%3A59%3A59&ascs=account&descs=create_time",
    );
    // The server applied every filter: the administrator, and only it.
    expect(res.data.map((u) => u.account)).toEqual(["admin"]);
    expect(res.total).toBe(1);
  });

  it("defaults to page 1 of website.defaultPageSize, and reads the server's total", async () => {
    for (let i = 0; i < 11; i++) await newUser();
    const calls = capture(t.api.server, "/blade-user/page");
    const res = await dp.getList({ resource: "user", meta: userMeta });
    expect(search(calls[0])).toBe("current=1&size=10");
    const all = await onServer<Page<User>>("/blade-user/page", { current: "1", size: "100" });
    expect(res.total).toBe(all.total);
    expect(res.total).toBeGreaterThan(10);
    expect(res.data).toHaveLength(10);
  });

  it("list mode reads a plain array and pagination off sends no current/size", async () => {
    const depts = await onServer<{ id: string; deptName: string }[]>("/blade-system/dept/list");
    const name = depts.at(-1)!.deptName;
    const calls = capture(t.api.server, "/blade-system/dept/list");
    const res = await dp.getList({
      resource: "dept",
      pagination: { mode: "off" },
      filters: [{ field: "deptName", operator: "contains", value: name }],
      meta: { api: "/blade-system/dept", listMode: "list" },
    });
    expect(calls[0].query).toEqual({ deptName: name });
    expect(res.data.map((d) => d.deptName)).toContain(name);
    expect(res.data.every((d) => String(d.deptName).includes(name))).toBe(true);
    expect(res.total).toBe(res.data.length);
  });

  it("rawFilters and fixed params pass through as is", async () => {
    const calls = capture(t.api.server, "/blade-log/loginLog/page");
    const res = await dp.getList({
      resource: "loginLog",
      pagination: { currentPage: 1, pageSize: 30 },
      filters: [{ field: "createTime_dategt", operator: "eq", value: "2000-01-01 00:00:00" }],
      meta: { api: "/blade-log/loginLog", rawFilters: true, params: { account: "admin" } },
    });
    expect(search(calls[0])).toBe("current=1&size=30&account=admin&createTime_dategt=2000-01-01%2000%3A00%3A00");
    // The file's sign-in is logged, and the server took both the raw filter and the fixed one.
    expect(res.total).toBeGreaterThan(0);
    expect(res.data.every((l) => l.account === "admin")).toBe(true);
  });

  it("uses a custom list endpoint", async () => {
    const calls = capture(t.api.server, "/blade-system/menu/lazy-list");
    const res = await dp.getList({ resource: "menu", pagination: { mode: "off" }, meta: { api: "/blade-system/menu", endpoints: { list: "lazy-list" }, listMode: "list", params: { parentId: "0" } } });
    expect(calls[0].path).toBe("/api/blade-system/menu/lazy-list");
    expect(calls[0].query).toEqual({ parentId: "0" });
    const roots = await onServer<{ id: string }[]>("/blade-system/menu/lazy-list", { parentId: "0" });
    expect(res.data.map((m) => m.id)).toEqual(roots.map((m) => m.id));
  });
});

describe("getOne, create, update, delete", () => {
  it("getOne reads ${api}/detail?id=", async () => {
    const [admin] = (await onServer<Page<User>>("/blade-user/page", { account_equal: "admin" })).records;
    const calls = capture(t.api.server, "/blade-user/detail");
    const res = await dp.getOne({ resource: "user", id: admin.id, meta: userMeta });
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/blade-user/detail", query: { id: admin.id } });
    expect(res.data).toMatchObject({ id: admin.id, account: "admin" });
  });

  it("create posts JSON to ${api}/submit and returns the answered record, or what was sent", async () => {
    const calls = capture(t.api.server, "/blade-system/post/submit");
    const variables = { postCode: "dp-ceo", postName: "数据提供者测试", category: 1, sort: 1 };
    const res = await dp.create({ resource: "post", variables, meta: postMeta });
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/blade-system/post/submit", query: {}, body: variables });
    const [created] = (await onServer<Page<Post>>("/blade-system/post/list", { postName: "数据提供者测试" })).records;
    expect(created).toMatchObject({ postCode: "dp-ceo" });
    // The server answers the saved record, with its id.
    expect(res.data).toMatchObject({ id: created.id, postCode: "dp-ceo" });
    // Stubbed: BladeX answers R.status(true) with no record, which the reference server never does;
    // refine then gets what was sent.
    capture(t.api.server, "/blade-system/post/submit", () => okReply(true));
    const sent = await dp.create({ resource: "post", variables: { postCode: "dp-cfo", postName: "财务官" }, meta: postMeta });
    expect(sent.data).toEqual({ postCode: "dp-cfo", postName: "财务官" });
  });

  it("update posts JSON with the id to submit, or to the resource's update endpoint", async () => {
    const calls = [...["/blade-system/post/submit", "/blade-user/update"].map((p) => capture(t.api.server, p))];
    const [post] = (await onServer<Page<Post>>("/blade-system/post/list", {})).records;
    const user = await newUser();
    await dp.update({ resource: "post", id: post.id, variables: { ...post, postName: "首席技术官" }, meta: postMeta });
    await dp.update({ resource: "user", id: user.id, variables: { account: user.account, realName: "张三" }, meta: userMeta });
    expect(calls[0][0]).toMatchObject({ method: "POST", path: "/api/blade-system/post/submit", body: { postName: "首席技术官", id: post.id } });
    expect(calls[1][0]).toMatchObject({ method: "POST", path: "/api/blade-user/update", body: { realName: "张三", id: user.id } });
    expect(await onServer<Post>("/blade-system/post/detail", { id: post.id })).toMatchObject({ postName: "首席技术官" });
    expect(await onServer<User>("/blade-user/detail", { id: user.id })).toMatchObject({ realName: "张三" });
  });

  it("deleteOne and deleteMany post to ${api}/remove?ids=", async () => {
    const users = [await newUser(), await newUser(), await newUser(), await newUser()];
    const calls = capture(t.api.server, "/blade-user/remove");
    const one = await dp.deleteOne({ resource: "user", id: users[0].id, meta: userMeta });
    const many = await dp.deleteMany!({ resource: "user", ids: users.slice(1).map((u) => u.id), meta: userMeta });
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/blade-user/remove", query: { ids: users[0].id }, body: undefined });
    expect(calls[1]).toMatchObject({ method: "POST", path: "/api/blade-user/remove" });
    expect(calls[1].query.ids).toBe(users.slice(1).map((u) => u.id).join(","));
    expect(one.data).toEqual({ id: users[0].id });
    expect(many.data).toEqual(users.slice(1).map((u) => ({ id: u.id })));
    for (const u of users) expect((await onServer<Page<User>>("/blade-user/page", { account_equal: u.account })).records).toEqual([]);
  });

  it("falls back to /<resource> without meta.api", async () => {
    const [post] = (await onServer<Page<Post>>("/blade-system/post/list", {})).records;
    const calls = capture(t.api.server, "/blade-system/post/detail");
    const res = await dp.getOne({ resource: "blade-system/post", id: post.id });
    expect(calls[0].path).toBe("/api/blade-system/post/detail");
    expect(res.data).toMatchObject({ id: post.id, postName: post.postName });
  });

  it("a failing write rejects with the server's msg as the error refine shows", async () => {
    const [post] = (await onServer<Page<Post>>("/blade-system/post/list", {})).records;
    await expect(
      dp.create({ resource: "post", variables: { postCode: post.postCode, postName: "重复的岗位", category: 1, sort: 1 }, meta: postMeta }),
    ).rejects.toMatchObject({ statusCode: 400, message: "岗位编号已存在" });
  });
});

describe("custom and getApiUrl", () => {
  it("custom sends url, method, query, payload and headers and unwraps the envelope", async () => {
    const user = await newUser();
    const calls = capture(t.api.server, "/blade-user/update");
    const res = await dp.custom!({ url: "/blade-user/update", method: "post", query: { from: "test" }, payload: { id: user.id, account: user.account, realName: "李四" }, headers: { "X-Test": "yes" } });
    expect(calls[0]).toMatchObject({ method: "POST", query: { from: "test" }, body: { id: user.id, realName: "李四" } });
    expect(calls[0].headers.get("X-Test")).toBe("yes");
    // The envelope's data, not the envelope.
    expect(res.data).not.toHaveProperty("success");
    expect(await onServer<User>("/blade-user/detail", { id: user.id })).toMatchObject({ realName: "李四" });
  });

  it("getApiUrl is the api base", () => {
    expect(dp.getApiUrl()).toBe("/api");
  });

  it("accepts an injected client", async () => {
    const request = vi.fn().mockResolvedValue({ code: 200, success: true, data: [{ id: "x" }], msg: "操作成功" });
    const custom = createDataProvider({ request });
    await expect(custom.getList({ resource: "r", meta: { api: "/m", listMode: "list" } })).resolves.toEqual({ data: [{ id: "x" }], total: 1 });
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: "/m/list", method: "GET", params: { current: 1, size: 10 } }));
  });
});

