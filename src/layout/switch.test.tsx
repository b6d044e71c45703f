import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { website } from "../config/website";
import { getMenu, getPermissions } from "../providers/auth/menu-store";
import { clearSession, getAccessToken, getUserInfo, saveTokens } from "../providers/auth/session";
import { createTestServer, ok, resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { SwitchDialog } from "./SwitchDialog";
import { UserMenu } from "./UserMenu";
import { resetTopMenus } from "./top-menu-store";
import { currentLocation, menuNode, renderConsole } from "../testing/harness";

// Signing out is not what these tests are about (and would leave the page): refine's logout is a no-op.
vi.mock("@refinedev/core", async (original) => ({ ...(await original<object>()), useLogout: () => ({ mutate: vi.fn() }) }));

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearSession();
  resetStorage();
  resetTopMenus();
  Object.assign(website, { switchMode: false });
});

function selectOptions() {
  const seen: string[] = [];
  server.use(
    mock.get("/api/blade-system/dept/select", ({ request }) => {
      seen.push(`dept:${new URL(request.url).searchParams.get("userId")}`);
      return HttpResponse.json(ok([{ id: "d1", deptName: "研发部" }, { id: "d2", deptName: "市场部" }]));
    }),
    mock.get("/api/blade-system/role/select", ({ request }) => {
      seen.push(`role:${new URL(request.url).searchParams.get("userId")}`);
      return HttpResponse.json(ok([{ id: "r1", roleName: "管理员" }, { id: "r2", roleName: "审计员" }]));
    }),
  );
  return seen;
}

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByTitle(option));
};

describe("switch department/role", () => {
  it("is offered in the avatar menu only in switch mode", async () => {
    saveTokens(tokenResponse({ real_name: "张三" }));
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
    saveTokens(tokenResponse());
    const seen = selectOptions();
    renderConsole(<SwitchDialog open onClose={() => undefined} />);
    await waitFor(() => expect(seen.sort()).toEqual(["dept:1123598821738675201", "role:1123598821738675201"]));
    fireEvent.click(screen.getByRole("button", { name: "确 定" }));
    await screen.findByText("请选择部门");
    expect(screen.getByText("请选择角色")).toBeInTheDocument();
  });

  it("refreshes the token with Dept-Id/Role-Id, then reloads the menu and permissions of the new role", async () => {
    saveTokens(tokenResponse());
    selectOptions();
    const refreshes: { deptId: string | null; roleId: string | null; grant: string | null }[] = [];
    server.use(
      mock.post("/api/blade-auth/oauth/token", ({ request }) => {
        refreshes.push({
          deptId: request.headers.get("Dept-Id"),
          roleId: request.headers.get("Role-Id"),
          grant: new URL(request.url).searchParams.get("grant_type"),
        });
        return HttpResponse.json(tokenResponse({ access_token: "access-2", refresh_token: "refresh-2", dept_id: "d2", role_id: "r2", role_name: "auditor" }));
      }),
      mock.get("/api/blade-system/menu/routes", ({ request }) =>
        HttpResponse.json(ok([menuNode("a", `审计 ${new URL(request.url).searchParams.get("topMenuId") ?? "all"}`, "/logAudit/systemLogin/index")])),
      ),
      mock.get("/api/blade-system/menu/buttons", () => HttpResponse.json(ok([menuNode("b", "b", "", { code: "log_view", category: 2 })]))),
      mock.get("/api/blade-system/menu/top-menu", () => HttpResponse.json(ok([]))),
    );
    const onClose = vi.fn();
    const { queryClient } = renderConsole(<SwitchDialog open onClose={onClose} />, { path: "/system/user" });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await choose("部门", "市场部");
    await choose("角色", "审计员");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "确 定" })));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(refreshes).toEqual([{ deptId: "d2", roleId: "r2", grant: "refresh_token" }]);
    expect(getAccessToken()).toBe("access-2");
    expect(getUserInfo()?.role_name).toBe("auditor");
    expect(getMenu().map((n) => n.name)).toEqual(["审计 all"]);
    expect([...getPermissions()]).toEqual(["log_view"]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["access"] });
    expect(currentLocation()).toBe("/workbench/index");
    await screen.findByText("切换成功");
  });
});
