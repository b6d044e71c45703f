/** The workbench against the reference server: shortcuts added and removed, the task and notice cards. */
import { describe, expect, it } from "vitest";
import { setLanguage } from "../../providers/i18n";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazyRoute } from "../../components/lazy-route";
import { capture, renderConsole, setupResourceTest, signIn } from "../../testing/harness";
import { SAMPLE_PROJECTS } from "../../../domain/resources/dataAssets/sample/data";
import type { ResourceDescriptor } from "../../resources/types";

const t = setupResourceTest(() => import("./WorkbenchPage"));

const workbench: ResourceDescriptor = {
  name: "workbench",
  path: "/workbench/index",
  labelKey: "workbench.title",
  list: lazyRoute(() => import("./WorkbenchPage")),
  meta: { permissions: {} },
};

async function shortcutsOnServer() {
  const res = await t.api.request("/api/blade-system/common/menu", { token: t.token });
  return (await res.json()).data as { id: string; name: string; type: number }[];
}

describe("工作台 against the reference server", () => {
  it("shows the signed-in user's role by its name, not by the alias the token carries", async () => {
    renderConsole(workbench);
    const role = await screen.findByText("超级管理员", {}, { timeout: 15_000 });
    expect(role.closest("tr")).toHaveTextContent(/角色/);
    expect(screen.queryByText("administrator")).not.toBeInTheDocument();
  });

  it("adds a fixed shortcut from the user's own menus and removes it after a confirmation", async () => {
    const user = userEvent.setup();
    renderConsole(workbench);
    const card = (await screen.findByText("我的功能", {}, { timeout: 15_000 })).closest(".ant-card") as HTMLElement;
    await within(card).findByText("暂无快捷入口，点击右上角添加");

    await user.click(within(card).getByRole("button", { name: /添加快捷入口/ }));
    const dialog = await screen.findByRole("dialog");
    // Saving nothing is refused beside the field.
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请选择菜单");
    await user.click(within(dialog).getByRole("combobox"));
    await user.click(await screen.findByTitle("用户管理"));
    await user.click(within(dialog).getByRole("radio", { name: "固定" }));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");

    expect(await shortcutsOnServer()).toMatchObject([{ name: "用户管理", type: 2 }]);
    const link = await within(card).findByRole("link", { name: /用户管理/ });
    expect(link).toHaveAttribute("href", "/system/user");

    await user.click(within(card).getByRole("button", { name: "移除 用户管理" }));
    const confirm = await screen.findByRole("dialog");
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("移除成功");
    await waitFor(() => expect(within(card).queryByRole("link", { name: /用户管理/ })).not.toBeInTheDocument());
    expect(await shortcutsOnServer()).toEqual([]);
  });

  it("shows the task-run card with its default label and zeros, and the sign-in notices", async () => {
    renderConsole(workbench);
    const task = (await screen.findByText("任务执行统计", {}, { timeout: 15_000 })).closest(".ant-card") as HTMLElement;
    expect(within(task).getByText("任务名称")).toBeInTheDocument();
    for (const label of ["执行次数", "成功", "失败", "执行中"]) expect(within(task).getByText(label)).toBeInTheDocument();
    await waitFor(() => expect(within(task).getAllByText("0")).toHaveLength(4));
    const notices = (await screen.findByText("登录提醒")).closest(".ant-card") as HTMLElement;
    // The administrator's own sign-in before this test is the newest notice.
    expect((await within(notices).findAllByText("登录成功")).length).toBeGreaterThan(0);
  });

  it("words the sign-in notices in English when the console is in English", async () => {
    // A failed attempt of the administrator's own account, newest after the successful one.
    await expect(t.api.login("admin", "not-the-password")).rejects.toThrow();
    await setLanguage("en");
    try {
      renderConsole(workbench);
      const notices = (await screen.findByText("Sign-in notices", {}, { timeout: 15_000 })).closest(".ant-card") as HTMLElement;
      expect((await within(notices).findAllByText("Signed in")).length).toBeGreaterThan(0);
      expect(within(notices).getByText("Sign-in failed")).toBeInTheDocument();
      expect(within(notices).getByText("Wrong user name or password")).toBeInTheDocument();
      expect(notices.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await setLanguage("zh");
    }
  });

  it("lists my projects, favourites first, with the administrators to ask", async () => {
    renderConsole(workbench);
    const card = (await screen.findByText("我的项目", {}, { timeout: 15_000 })).closest(".ant-card") as HTMLElement;
    const enabled = SAMPLE_PROJECTS.filter((p) => p.status === 1);
    for (const p of enabled) expect(await within(card).findByText(p.projectName)).toBeInTheDocument();
    // A disabled project is not one of mine.
    expect(within(card).queryByText(SAMPLE_PROJECTS.find((p) => p.status === 0)!.projectName)).not.toBeInTheDocument();
    const rows = within(card).getAllByRole("listitem");
    const favourites = enabled.filter((p) => p.isCollect === 1).length;
    rows.slice(0, favourites).forEach((row) => expect(within(row).getByLabelText("已收藏")).toBeInTheDocument());
    expect(within(card).getAllByLabelText("已收藏")).toHaveLength(favourites);
    await waitFor(() => expect(within(card).getByTestId("project-admins")).toHaveTextContent("项目管理员: 管理员 (admin)"));
  });

  it("has no project card for a user who may not open the project pages", async () => {
    await t.api.createUser({ account: "noprojects", password: "Passw0rd!x", roleAliases: ["user"] });
    await signIn(t.api, { account: "noprojects", password: "Passw0rd!x" });
    const asked = capture(t.api.server, "/blade-system/project/myProjects");
    renderConsole(workbench);
    // The card waits for the answer, then goes: the server refuses the projects to this user (403).
    await screen.findByText("我的项目", {}, { timeout: 15_000 });
    await waitFor(() => expect(screen.queryByText("我的项目")).not.toBeInTheDocument());
    expect(asked).toHaveLength(1);
    expect(screen.getByText("我的功能")).toBeInTheDocument();
    expect(screen.queryByTestId("project-admins")).not.toBeInTheDocument();
  });
});
