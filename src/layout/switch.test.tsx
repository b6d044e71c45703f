import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { website } from "../config/website";
import { getMenu, getPermissions } from "../providers/auth/menu-store";
import { clearSession, getAccessToken, getUserInfo } from "../providers/auth/session";
import { resetStorage } from "../providers/testing/fixtures";
import { SwitchDialog } from "./SwitchDialog";
import { UserMenu } from "./UserMenu";
import { resetTopMenus } from "./top-menu-store";
import { capture, currentLocation, renderConsole, signIn, startTestApi, type TestApi } from "../testing/harness";

// Signing out is not what these tests are about (and would leave the page): refine's logout is a no-op.
vi.mock("@refinedev/core", async (original) => ({ ...(await original<object>()), useLogout: () => ({ mutate: vi.fn() }) }));

const SWITCHER = { account: "switcher", password: "Sw1tch-passw0rd" };
let api: TestApi;
let switcherId: string;
/** The switcher's second department (the root is the first). */
let child: { id: string; deptName: string };
/** The id of the switcher's role 普通用户. */
let userRoleId: string;
/** What a session of the 普通用户 role alone holds: its menu and buttons, as the console loads them. */
let userRoleMenu: string[];
let userRolePermissions: string[];

beforeAll(async () => {
  api = await startTestApi();
  const admin = (await api.loginAdmin()).access_token;
  const [root] = ((await (await api.request("/api/blade-system/dept/tree", { token: admin })).json()) as { data: { id: string; children: { id: string }[] }[] }).data;
  // 张三 works in two departments with two roles: the platform administrator's and 普通用户.
  switcherId = (await api.createUser({ ...SWITCHER, realName: "张三", deptId: `${root.id},${root.children[0].id}`, roleAliases: ["administrator", "user"] })).id;
  const depts = await api.request("/api/blade-system/dept/select", { token: admin, query: { userId: switcherId } });
  child = ((await depts.json()) as { data: { id: string; deptName: string }[] }).data.find((d) => d.id === root.children[0].id)!;
  const roles = await api.request("/api/blade-system/role/select", { token: admin, query: { userId: switcherId } });
  userRoleId = ((await roles.json()) as { data: { id: string; roleName: string }[] }).data.find((r) => r.roleName === "普通用户")!.id;
  await api.createUser({ account: "plain", password: "Pla1n-passw0rd", roleAliases: ["user"] });
  await signIn(api, { account: "plain", password: "Pla1n-passw0rd" });
  userRoleMenu = getMenu().map((n) => n.name);
  userRolePermissions = [...getPermissions()].sort();
  clearSession();
  resetStorage();
});
afterAll(() => api.close());
beforeEach(() => signIn(api, SWITCHER));
afterEach(() => {
  cleanup();
  api.server.resetHandlers();
  clearSession();
  resetStorage();
  resetTopMenus();
  Object.assign(website, { switchMode: false });
});

function selectOptions() {
  const depts = capture(api.server, "/blade-system/dept/select");
  const roles = capture(api.server, "/blade-system/role/select");
  return () => [...depts.map((c) => `dept:${c.query.userId}`), ...roles.map((c) => `role:${c.query.userId}`)];
}

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByTitle(option));
};

describe("switch department/role", () => {
  it("is offered in the avatar menu only in switch mode", async () => {
    renderConsole(<UserMenu />);
    expect(screen.getByTestId("user-menu")).toHaveTextContent("张三");
    fireEvent.click(screen.getByTestId("user-menu"));
    await screen.findByText("个人中心");
    expect(screen.queryByText("切换部门角色")).toBeNull();
    cleanup();

    Object.assign(website, { switchMode: true });
    renderConsole(<UserMenu />);
    fireEvent.click(screen.getByTestId("user-menu"));
    await screen.findByText("切换部门角色");
  });

  it("demands a department and a role, with the spec's messages", async () => {
    const seen = selectOptions();
    renderConsole(<SwitchDialog open onClose={() => undefined} />);
    await waitFor(() => expect(seen().sort()).toEqual([`dept:${switcherId}`, `role:${switcherId}`]));
    fireEvent.click(screen.getByRole("button", { name: "确 定" }));
    await screen.findByText("请选择部门");
    expect(await screen.findByText("请选择角色")).toBeInTheDocument();
  });

  it("refreshes the token with Dept-Id/Role-Id, then reloads the menu and permissions of the new role", async () => {
    const before = getAccessToken();
    // Both roles: the administrator's whole menu, more than 普通用户's.
    expect(getMenu().map((n) => n.name)).not.toEqual(userRoleMenu);
    const refreshes = capture(api.server, "/blade-auth/oauth/token");
    const onClose = vi.fn();
    const { queryClient } = renderConsole(<SwitchDialog open onClose={onClose} />, { path: "/system/user" });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await choose("部门", child.deptName);
    await choose("角色", "普通用户");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "确 定" })));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(refreshes.map((r) => ({ deptId: r.headers.get("Dept-Id"), roleId: r.headers.get("Role-Id"), grant: r.query.grant_type }))).toEqual([
      { deptId: child.id, roleId: userRoleId, grant: "refresh_token" },
    ]);
    expect(getAccessToken()).not.toBe(before);
    expect(getUserInfo()?.dept_id).toBe(child.id);
    expect(getUserInfo()?.role_name).toBe("user");
    expect(getMenu().map((n) => n.name)).toEqual(userRoleMenu);
    expect([...getPermissions()].sort()).toEqual(userRolePermissions);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["access"] });
    await waitFor(() => expect(currentLocation()).toBe("/workbench/index"));
    await screen.findByText("切换成功");
  });
});
