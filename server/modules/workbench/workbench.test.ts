import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { loginLog, menu, taskResult } from "../../db/schema";
import { nextId } from "../../db/ids";
import { formatDateTime } from "../../db/time";
import { freshApp, type TestApp } from "../../test/fresh-app";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("/blade-system/common: workbench shortcuts and cards", () => {
  let api: TestApp;
  let admin: string;
  let user: string;
  let menuIds: Record<string, string>;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    admin = (await api.loginAdmin()).access_token;
    await api.createUser({ account: "worker", password: "Worker#2024" });
    user = (await api.login("worker", "Worker#2024")).access_token;
    const rows = await api.db.select({ id: menu.id, code: menu.code }).from(menu).where(eq(menu.category, 1));
    menuIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  });
  afterAll(() => api.close());

  const form = (path: string, token: string, fields: Record<string, string>) =>
    api.request(`/api/blade-system/common/${path}`, { token, method: "POST", headers: FORM, body: new URLSearchParams(fields).toString() });
  const shortcuts = async (token: string) =>
    (await (await api.request("/api/blade-system/common/menu", { token })).json()).data as { id: string; menuId: string; type: number; name: string; path: string }[];

  it("saves shortcuts sent form-encoded, lists them fixed first, and removes them", async () => {
    expect(await shortcuts(admin)).toEqual([]);
    const saved = await form("save", admin, { menuIds: `${menuIds.user},${menuIds.dept}` });
    expect(await saved.json()).toMatchObject({ code: 200, success: true });
    await form("save", admin, { menuIds: menuIds.role, type: "2" });
    const list = await shortcuts(admin);
    expect(list.map((s) => [s.name, s.type])).toEqual([["角色管理", 2], ["用户管理", 1], ["机构管理", 1]]);
    expect(list[1].path).toBe("/system/user");
    // Saving a menu again changes its type, never duplicates it.
    await form("save", admin, { menuIds: menuIds.user, type: "2" });
    expect((await shortcuts(admin)).filter((s) => s.menuId === menuIds.user)).toMatchObject([{ type: 2 }]);

    const removed = await form("remove", admin, { ids: list[2].id });
    expect((await removed.json()).code).toBe(200);
    expect((await shortcuts(admin)).map((s) => s.menuId)).not.toContain(menuIds.dept);
  });

  it("keeps each user's shortcuts to themselves and only offers menus they hold", async () => {
    const refused = await form("save", user, { menuIds: menuIds.user });
    expect(await refused.json()).toMatchObject({ code: 400, msg: "菜单不存在或无权访问" });
    expect((await form("save", user, { menuIds: menuIds.instrumentPanel })).status).toBe(200);
    const mine = await shortcuts(user);
    expect(mine.map((s) => s.name)).toEqual(["仪表盘"]);
    // The administrator's shortcuts are not the worker's, nor removable by the worker.
    const adminOnes = await shortcuts(admin);
    expect(adminOnes.length).toBeGreaterThan(0);
    const cross = await form("remove", user, { ids: adminOnes[0].id });
    expect(await cross.json()).toMatchObject({ code: 400, msg: "快捷入口不存在" });
    expect((await shortcuts(admin)).length).toBe(adminOnes.length);
  });

  it("answers a user who holds no menu at all with their own (empty) shortcuts, never a 403: the workbench is everyone's home", async () => {
    await api.createUser({ account: "nomenus", password: "Nomenus#2024", roleAliases: [] });
    const bare = (await api.login("nomenus", "Nomenus#2024")).access_token;
    const res = await api.request("/api/blade-system/common/menu", { token: bare });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual([]);
    expect((await api.request("/api/blade-system/common/notices", { token: bare })).status).toBe(200);
    // A menu they do not hold cannot become their shortcut.
    await form("save", bare, { menuIds: menuIds.user });
    expect(await shortcuts(bare)).toEqual([]);
  });

  it("refuses bad input with a 400 and callers without a session with a 401", async () => {
    expect(await (await form("save", admin, {})).json()).toMatchObject({ code: 400, msg: "请选择菜单" });
    expect((await form("save", admin, { menuIds: "abc" })).status).toBe(400);
    expect(await (await form("save", admin, { menuIds: menuIds.user, type: "9" })).json()).toMatchObject({ code: 400, msg: "快捷入口类型不正确" });
    expect((await form("save", admin, { menuIds: "123456789012345678" })).status).toBe(400);
    expect((await form("remove", admin, {})).status).toBe(400);
    expect((await api.request("/api/blade-system/common/menu")).status).toBe(401);
  });

  it("answers the task-run card with the tenant's sync runs: 部分成功 and 失败 count as failures", async () => {
    const stats = async () => (await (await api.request("/api/blade-system/common/taskStatistics", { token: user })).json()).data;
    expect(await stats()).toEqual({ taskName: "", runCount: 0, successCount: 0, failCount: 0, runningCount: 0 });
    const run = (tenantId: string, taskStatus: number) => ({ id: nextId(), tenantId, trigger: "manual", taskStatus, startTime: formatDateTime(new Date()), createTime: formatDateTime(new Date()) });
    await api.db.insert(taskResult).values([run("000000", 0), run("000000", 1), run("000000", 1), run("000000", 2), run("000000", 3), run("100009", 1)]);
    expect(await stats()).toEqual({ taskName: "", runCount: 5, successCount: 2, failCount: 2, runningCount: 1 });
  });

  it("answers the notice card with the caller's own sign-ins", async () => {
    await api.db.insert(loginLog).values({
      id: nextId(), tenantId: "000000", account: "worker", success: 0, reason: "密码错误", ip: "9.9.9.9", createTime: formatDateTime(new Date(Date.now() + 1000)),
    });
    const notices = (await (await api.request("/api/blade-system/common/notices", { token: user })).json()).data;
    expect(notices[0]).toMatchObject({ title: "登录失败", tag: "密码错误", status: 2 });
    expect(notices[0].subtitle).toContain("9.9.9.9");
    const others = (await (await api.request("/api/blade-system/common/notices", { token: admin })).json()).data as { subtitle: string }[];
    expect(others.some((n) => n.subtitle.includes("9.9.9.9"))).toBe(false);
  });
});
