import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { http as mock, HttpResponse } from "msw";
import dayjs from "dayjs";
import { setNotifier } from "../http";
import { createTestServer, ok, resetStorage } from "../testing/fixtures";
import { createDataProvider } from "./index";

const server = createTestServer();
const dp = createDataProvider();
const userMeta = { api: "/blade-user", endpoints: { update: "update" } };

interface Seen {
  method: string;
  path: string;
  search: string;
  body?: unknown;
}
let seen: Seen[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  resetStorage();
  seen = [];
  setNotifier({ error: vi.fn() });
  server.use(
    mock.all("/api/*", async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === "GET" ? "" : await request.text();
      seen.push({ method: request.method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined });
      return HttpResponse.json(answers[url.pathname] ?? ok({}));
    }),
  );
});
afterEach(() => server.resetHandlers());

const page = { records: [{ id: "1", account: "admin" }], total: 31, size: 10, current: 2, pages: 4 };
const answers: Record<string, unknown> = {
  "/api/blade-user/page": ok(page),
  "/api/blade-system/dept/list": ok([{ id: "d1" }, { id: "d2" }]),
  "/api/blade-user/detail": ok({ id: "1", account: "admin" }),
  "/api/blade-system/post/submit": ok({ id: "9", postName: "CEO" }),
};

describe("getList", () => {
  it("pages with current and size, Blade filters and sorters, and reads records/total", async () => {
    const res = await dp.getList({
      resource: "user",
      pagination: { currentPage: 2, pageSize: 10 },
      filters: [
        { field: "account", operator: "eq", value: "admin" },
        { field: "realName", operator: "contains", value: "张" },
        { field: "createTime", operator: "gte", value: dayjs("2024-01-01 00:00:00") },
        { field: "createTime", operator: "lte", value: "2024-01-31 23:59:59" },
      ],
      sorters: [
        { field: "createTime", order: "desc" },
        { field: "account", order: "asc" },
      ],
      meta: userMeta,
    });
    expect(seen[0].method).toBe("GET");
    expect(seen[0].path).toBe("/api/blade-user/page");
    expect(seen[0].search).toBe(
      "?current=2&size=10&account_equal=admin&realName=%E5%BC%A0&createTime_datege=2024-01-01%2000%3A00%3A00&createTime_datele=2024-01-31%2023%3A59%3A59&ascs=account&descs=create_time",
    );
    expect(res).toEqual({ data: page.records, total: 31 });
  });

  it("defaults to page 1 of website.defaultPageSize", async () => {
    await dp.getList({ resource: "user", meta: userMeta });
    expect(seen[0].search).toBe("?current=1&size=10");
  });

  it("list mode reads a plain array and pagination off sends no current/size", async () => {
    const res = await dp.getList({
      resource: "dept",
      pagination: { mode: "off" },
      filters: [{ field: "deptName", operator: "contains", value: "研发" }],
      meta: { api: "/blade-system/dept", listMode: "list" },
    });
    expect(seen[0].path).toBe("/api/blade-system/dept/list");
    expect(seen[0].search).toBe("?deptName=%E7%A0%94%E5%8F%91");
    expect(res).toEqual({ data: [{ id: "d1" }, { id: "d2" }], total: 2 });
  });

  it("rawFilters and fixed params pass through as is", async () => {
    await dp.getList({
      resource: "log",
      pagination: { currentPage: 1, pageSize: 30 },
      filters: [{ field: "createTime_dategt", operator: "eq", value: "2024-01-01 00:00:00" }],
      meta: { api: "/blade-log/api", rawFilters: true, params: { type: "api" } },
    });
    expect(seen[0].search).toBe("?current=1&size=30&type=api&createTime_dategt=2024-01-01%2000%3A00%3A00");
  });

  it("uses a custom list endpoint", async () => {
    await dp.getList({ resource: "menu", pagination: { mode: "off" }, meta: { api: "/blade-system/menu", endpoints: { list: "lazy-list" }, params: { parentId: "0" } } });
    expect(seen[0].path).toBe("/api/blade-system/menu/lazy-list");
    expect(seen[0].search).toBe("?parentId=0");
  });
});

describe("getOne, create, update, delete", () => {
  it("getOne reads ${api}/detail?id=", async () => {
    const res = await dp.getOne({ resource: "user", id: "1", meta: userMeta });
    expect(seen[0]).toMatchObject({ method: "GET", path: "/api/blade-user/detail", search: "?id=1" });
    expect(res.data).toEqual({ id: "1", account: "admin" });
  });

  it("create posts JSON to ${api}/submit and returns the answered record, or what was sent", async () => {
    const a = await dp.create({ resource: "post", variables: { postName: "CEO" }, meta: { api: "/blade-system/post" } });
    expect(seen[0]).toMatchObject({ method: "POST", path: "/api/blade-system/post/submit", search: "", body: { postName: "CEO" } });
    expect(a.data).toEqual({ id: "9", postName: "CEO" });
    const b = await dp.create({ resource: "user", variables: { account: "u1" }, meta: userMeta });
    expect(seen[1]).toMatchObject({ path: "/api/blade-user/submit", body: { account: "u1" } });
    expect(b.data).toEqual({ account: "u1" });
  });

  it("update posts JSON with the id to submit, or to the resource's update endpoint", async () => {
    await dp.update({ resource: "post", id: "9", variables: { postName: "CTO" }, meta: { api: "/blade-system/post" } });
    await dp.update({ resource: "user", id: "1", variables: { realName: "张三" }, meta: userMeta });
    expect(seen[0]).toMatchObject({ method: "POST", path: "/api/blade-system/post/submit", body: { postName: "CTO", id: "9" } });
    expect(seen[1]).toMatchObject({ method: "POST", path: "/api/blade-user/update", body: { realName: "张三", id: "1" } });
  });

  it("deleteOne and deleteMany post to ${api}/remove?ids=", async () => {
    const one = await dp.deleteOne({ resource: "user", id: "1", meta: userMeta });
    const many = await dp.deleteMany!({ resource: "user", ids: ["1", "2", "3"], meta: userMeta });
    expect(seen[0]).toMatchObject({ method: "POST", path: "/api/blade-user/remove", search: "?ids=1", body: undefined });
    expect(seen[1]).toMatchObject({ method: "POST", path: "/api/blade-user/remove", search: "?ids=1%2C2%2C3" });
    expect(new URLSearchParams(seen[1].search).get("ids")).toBe("1,2,3");
    expect(one.data).toEqual({ id: "1" });
    expect(many.data).toEqual([{ id: "1" }, { id: "2" }, { id: "3" }]);
  });

  it("falls back to /<resource> without meta.api", async () => {
    await dp.getOne({ resource: "blade-desk/notice", id: "5" });
    expect(seen[0].path).toBe("/api/blade-desk/notice/detail");
  });

  it("a failing write rejects with the server's msg as the error refine shows", async () => {
    server.use(mock.post("/api/blade-user/submit", () => HttpResponse.json({ code: 400, success: false, data: {}, msg: "当前用户已存在!" })));
    await expect(dp.create({ resource: "user", variables: {}, meta: userMeta })).rejects.toMatchObject({ statusCode: 400, message: "当前用户已存在!" });
  });
});

describe("custom and getApiUrl", () => {
  it("custom sends url, method, query, payload and headers and unwraps the envelope", async () => {
    server.use(
      mock.post("/api/blade-user/grant", async ({ request }) => {
        seen.push({ method: request.method, path: "/grant", search: new URL(request.url).search, body: await request.json() });
        return HttpResponse.json(ok({ granted: request.headers.get("X-Test") }));
      }),
    );
    const res = await dp.custom!({ url: "/blade-user/grant", method: "post", query: { userIds: "1,2" }, payload: { roleIds: ["r"] }, headers: { "X-Test": "yes" } });
    expect(seen[0]).toMatchObject({ method: "POST", search: "?userIds=1%2C2", body: { roleIds: ["r"] } });
    expect(res.data).toEqual({ granted: "yes" });
  });

  it("getApiUrl is the api base", () => {
    expect(dp.getApiUrl()).toBe("/api");
  });

  it("accepts an injected client", async () => {
    const request = vi.fn().mockResolvedValue(ok([{ id: "x" }]));
    const custom = createDataProvider({ request });
    await expect(custom.getList({ resource: "r", meta: { api: "/m", listMode: "list" } })).resolves.toEqual({ data: [{ id: "x" }], total: 1 });
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: "/m/list", method: "GET", params: { current: 1, size: 10 } }));
  });
});
