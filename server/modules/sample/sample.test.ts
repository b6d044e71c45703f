import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuNode } from "../../../domain/contract";
import { SAMPLE_AREAS } from "../../../domain/resources/dataAssets/sample/areas";
import { SAMPLE_PROJECTS } from "../../../domain/resources/dataAssets/sample/data";
import { menu } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";

let api: TestApp;
let admin: string;
let plain: string;
beforeAll(async () => {
  api = await freshApp({ oauth: false });
  admin = (await api.loginAdmin()).access_token;
  await api.createUser({ account: "plainuser", password: "Plain#User2024", roleAliases: ["user"] });
  plain = (await api.login("plainuser", "Plain#User2024")).access_token;
});
afterAll(() => api.close());

const get = async (path: string, token: string | undefined, query?: Record<string, string | number>) => {
  const res = await api.request(`/api/blade-sample${path}`, { token, query });
  return { status: res.status, body: await res.json() };
};

describe("/blade-sample: the sample data of the data-asset pages", () => {
  it("pages the eleven sample projects ten at a time (§9 mock table)", async () => {
    const first = await get("/project/page", admin, { current: 1, size: 10 });
    expect(first.body).toMatchObject({ code: 200, msg: "操作成功", data: { total: 11, size: 10, current: 1, pages: 2 } });
    expect(first.body.data.records).toHaveLength(10);
    const second = await get("/project/page", admin, { current: 2 });
    expect(second.body.data.records).toHaveLength(1);
    expect(Object.keys(second.body.data.records[0]).sort()).toEqual(
      ["id", "projectName", "description", "classifyType", "dbType", "status", "userCount", "isCollect", "createUser", "createDept", "createTime", "updateUser", "updateTime", "tenantId"].sort(),
    );
  });

  it("searches projects by name and database type", async () => {
    const hive = await get("/project/page", admin, { dbType: "Hive" });
    expect(hive.body.data.records.every((p: { dbType: string }) => p.dbType === "Hive")).toBe(true);
    const byName = await get("/project/page", admin, { projectName: "画像" });
    expect(byName.body.data.records.map((p: { projectName: string }) => p.projectName)).toEqual(["用户画像"]);
    const detail = await get("/project/detail", admin, { id: SAMPLE_PROJECTS[0].id });
    expect(detail.body.data.projectName).toBe(SAMPLE_PROJECTS[0].projectName);
    expect((await get("/project/detail", admin, { id: "1" })).body).toMatchObject({ code: 400, msg: "样例数据不存在" });
  });

  it("answers simple-rest's dialect with the same rows", async () => {
    const res = await get("/rest/projects", admin, { _start: 10, _end: 20 });
    expect(res.body.data).toMatchObject({ total: 11, current: 2, size: 10 });
    expect(res.body.data.records[0].id).toBe(SAMPLE_PROJECTS[10].id);
    const like = await get("/rest/projects", admin, { _start: 0, _end: 10, projectName_like: "数据" });
    expect(like.body.data.records.length).toBe(1);
  });

  it("answers the menus with code 200 and 操作成功, and the lazy menu list by parent", async () => {
    const menus = await get("/menu", admin);
    expect(menus.body).toMatchObject({ code: 200, success: true, msg: "操作成功" });
    const paths = menus.body.data.flatMap((m: { path: string; children: { path: string }[] }) => [m.path, ...m.children.map((c) => c.path)]);
    expect(paths).toEqual(expect.arrayContaining(["/workbench/myWorkbench", "/workbench/projectBoard", "/integration", "/govern", "/datamanage", "/dataDevelop", "/dataService", "/manageCenter"]));
    const lazy = await get("/menu/lazy-list", admin, { parentId: "9001" });
    expect(lazy.body.data.map((m: { path: string }) => m.path)).toEqual(["/workbench/myWorkbench", "/workbench/projectBoard"]);
  });

  it("gives the catalogue tree with the all / all_table / all_view nodes", async () => {
    const tree = (await get("/catalog/tree", admin)).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: "all", title: "all", parentId: "0", hasChildren: true });
    expect(tree[0].children.map((n: { id: string }) => n.id)).toEqual(["all_table", "all_view"]);
    expect(tree[0].children[0].children.map((n: { title: string }) => n.title)).toContain("ods_user");
  });

  it("lists approval items as pending, view records, the mock table and a mail config without a password", async () => {
    const approvals = (await get("/approval/page", admin)).body.data;
    expect(approvals.total).toBe(11);
    expect(approvals.records.every((a: { status: string }) => a.status === "pending approval")).toBe(true);
    expect((await get("/view-record/list", admin)).body.data.total).toBeGreaterThan(0);
    expect((await get("/table", admin)).body.data).toMatchObject({ total: 11, size: 10 });
    expect((await get("/mail-config", admin)).body.data.pass).toBe("");
  });

  it("needs a signed-in caller holding the page's menu", async () => {
    expect((await get("/project/page", undefined)).status).toBe(401);
    expect((await get("/project/page", plain)).status).toBe(403);
    expect((await get("/catalog/tree", plain)).status).toBe(403);
  });

  it("treats odd paging values as the defaults instead of failing", async () => {
    const odd: Record<string, string>[] = [{ current: "abc", size: "-3" }, { current: "0", size: "100000" }, { _start: "x", _end: "y" }];
    for (const query of odd) {
      const res = await get("/project/page", admin, query);
      expect(res.status).toBe(200);
    }
  });

  describe("the sample top-level menus of §2", () => {
    const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
    const routes = async (token: string) =>
      flatten((await (await api.request("/api/blade-system/menu/routes", { token })).json()).data as MenuNode[]);
    /** A role of tenant 000000 holding only the named menus (through the API), and a token of a user in it. */
    const holderOf = async (alias: string, codes: string[]) => {
      const role = await api.request("/api/blade-system/role/submit", { token: admin, method: "POST", json: { roleName: alias, roleAlias: alias, sort: 1 } });
      const roleId = (await role.json()).data.id as string;
      const menuIds = (await api.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes))).map((m) => m.id);
      expect(menuIds).toHaveLength(codes.length);
      const granted = await api.request("/api/blade-system/role/grant", { token: admin, method: "POST", json: { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] } });
      expect((await granted.json()).msg).toBe("操作成功");
      await api.createUser({ account: `${alias}user`, password: "Sample#User2024", roleAliases: [alias] });
      return (await api.login(`${alias}user`, "Sample#User2024")).access_token;
    };

    it("are menus of the platform, each page at its §2 path, under the names the sample menu answer gives", async () => {
      const mine = await routes(admin);
      for (const area of SAMPLE_AREAS) expect(mine.find((m) => m.path === area.path), area.path).toMatchObject({ name: area.name });
      const workbench = mine.find((m) => m.path === "/workbench")!;
      expect(workbench.children!.map((c) => c.path)).toEqual(["/workbench/myWorkbench", "/workbench/projectBoard"]);
      const sample = (await get("/menu", admin)).body.data as { path: string; name: string }[];
      expect(sample.map((m) => m.path)).toEqual(SAMPLE_AREAS.filter((a) => a.parentId === "0").map((a) => a.path));
    });

    it("let each page read exactly the sample lists it shows", async () => {
      const release = await holderOf("releaser", ["release"]);
      expect((await routes(release)).map((m) => m.path)).toEqual(["/datamanage"]);
      expect((await get("/approval/page", release)).body.data.total).toBe(11);
      for (const other of ["/project/page", "/rest/projects", "/view-record/list", "/menu/lazy-list", "/catalog/tree"]) {
        expect((await get(other, release)).status, other).toBe(403);
      }

      const system = await holderOf("menukeeper", ["sampleSystem"]);
      const top = (await get("/menu/lazy-list", system, { parentId: "0" })).body.data as { path: string; hasChildren: boolean }[];
      expect(top[0]).toMatchObject({ path: "/workbench", hasChildren: true });
      expect((await get("/approval/page", system)).status).toBe(403);

      const share = await holderOf("sharer", ["share"]);
      expect((await get("/view-record/list", share, { viewer: "李四" })).body.data.records.every((r: { viewer: string }) => r.viewer === "李四")).toBe(true);
      expect((await get("/project/page", share)).status).toBe(403);

      const board = await holderOf("boarder", ["sampleWorkbench", "projectBoard"]);
      expect((await get("/rest/projects", board, { _start: 0, _end: 10, status: "0" })).body.data.records.every((p: { status: number }) => p.status === 0)).toBe(true);
      expect((await get("/approval/page", board)).status).toBe(403);
    });
  });
});
