/** 会话管理 against the reference server: list, force logout with confirmation, the log tab. */
import { describe, expect, it } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import { clippedCell, columnWidth, expectBoundedTable } from "../../../components/table-columns.testing";
import { sessionResource } from ".";

const t = setupResourceTest(() => import("./SessionPage"));

const userInfo = (token: string) => t.api.request("/api/blade-auth/oauth/user-info", { token });

describe("会话管理 against the reference server", () => {
  it("lists a signed-in user and forces their session out after a confirmation", async () => {
    const user = userEvent.setup();
    await t.api.createUser({ account: "victim1", password: "Victim#2024", realName: "受害者" });
    const victim = await t.api.login("victim1", "Victim#2024");
    renderConsole(sessionResource);

    const row = await findRow("victim1");
    expect(within(row).getByText("受害者")).toBeInTheDocument();
    expect(within(row).getByText("在线")).toBeInTheDocument();
    await user.click(await within(row).findByRole("button", { name: /强制下线/ }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getAllByText(/确定将选择的会话强制下线/).length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("强制下线成功");

    // Ended at once on the server, and gone from the list.
    expect((await userInfo(victim.access_token)).status).toBe(401);
    await waitFor(() => expect(screen.queryByText("victim1")).not.toBeInTheDocument());
  });

  it("marks the administrator's own session and does not offer to stop it; bulk stop asks for a selection", async () => {
    const user = userEvent.setup();
    renderConsole(sessionResource);
    await user.type(await screen.findByRole("textbox", { name: "账号" }), "admin{Enter}");
    const tag = await screen.findByText("当前会话", {}, { timeout: 15_000 });
    const row = tag.closest("tr") as HTMLElement;
    expect(await within(row).findByRole("button", { name: /强制下线/ })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: /批量下线/ }));
    await screen.findByText("请选择至少一条数据");
  });

  it("hides the stop and export buttons from a user without their codes", async () => {
    await t.api.createUser({ account: "plain1", password: "Plain#2024" });
    await signIn(t.api, { account: "plain1", password: "Plain#2024" });
    renderConsole(sessionResource);
    // The server refuses the list itself (403); the page says so instead of an endless spinner.
    await screen.findByText("会话加载失败", {}, { timeout: 15_000 });
    expect(screen.queryByRole("button", { name: /批量下线/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /导\s*出/ })).not.toBeInTheDocument();
  });

  it("shows the sign-in history in the session log tab, filtered by result", async () => {
    const user = userEvent.setup();
    // A real failed attempt: the sign-in records it in the login log the tab reads.
    const refused = await t.api.tokenRequest({ tenantId: "000000", username: "ghost", password: "0".repeat(32), grant_type: "password" }, { "Tenant-Id": "000000" });
    expect(refused.status).toBe(400);
    renderConsole(sessionResource);
    await user.click(await screen.findByRole("tab", { name: "会话日志" }));
    const row = await findRow("ghost");
    expect(within(row).getByText("失败")).toBeInTheDocument();
    expect(within(row).getByText("password")).toBeInTheDocument();
  });

  it("cuts a long user agent in the session log (whole in a tooltip) and keeps the time whole and in sight", async () => {
    const agent = `Mozilla/5.0 (X11; Linux x86_64) ${"AppleWebKit/537.36 (KHTML, like Gecko) ".repeat(10)}Chrome/156.0`;
    const refused = await t.api.tokenRequest(
      { tenantId: "000000", username: "ghost2", password: "0".repeat(32), grant_type: "password" },
      { "Tenant-Id": "000000", "User-Agent": agent },
    );
    expect(refused.status).toBe(400);
    const user = userEvent.setup();
    renderConsole(sessionResource);
    await user.click(await screen.findByRole("tab", { name: "会话日志" }));
    const row = await findRow("ghost2");
    expectBoundedTable(row);
    expect(columnWidth(row, "时间")).toBe("180px");
    expect(columnWidth(row, "浏览器")).toBe("260px");
    const time = within(row).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(time.closest("td")?.className).toContain("ant-table-cell-fix-right");
    await user.hover(clippedCell(row, agent));
    expect(await screen.findByRole("tooltip")).toHaveTextContent(agent);
  });

  it("keeps the open tab and its list's search in the URL: a reload shows the same tab and rows", async () => {
    const user = userEvent.setup();
    for (const username of ["ghostkeep", "ghostdrop"]) {
      const refused = await t.api.tokenRequest({ tenantId: "000000", username, password: "0".repeat(32), grant_type: "password" }, { "Tenant-Id": "000000" });
      expect(refused.status).toBe(400);
    }
    renderConsole(sessionResource);
    await user.click(await screen.findByRole("tab", { name: "会话日志" }));
    await waitFor(() => expect(window.location.search).toContain("tab=log"));
    await findRow("ghostdrop");
    const form = () => document.querySelector("form#session-log-search") as HTMLElement;
    await user.type(within(form()).getByLabelText("账号"), "ghostkeep");
    await user.click(within(form()).getByLabelText("结果"));
    await user.click(await screen.findByTitle("失败"));
    await user.click(within(form()).getByRole("button", { name: /搜\s*索/ }));
    await waitFor(() => expect(screen.queryByText("ghostdrop")).not.toBeInTheDocument());
    await waitFor(() => expect(decodeURIComponent(window.location.search)).toContain("ghostkeep"));

    const link = window.location.search;
    cleanup();
    renderConsole(sessionResource, { path: `${sessionResource.path}${link}` });
    expect(await screen.findByRole("tab", { name: "会话日志", selected: true })).toBeInTheDocument();
    await findRow("ghostkeep");
    expect(screen.queryByText("ghostdrop")).not.toBeInTheDocument();
    expect(within(form()).getByLabelText("账号")).toHaveValue("ghostkeep");
    expect(within(form()).getByTitle("失败")).toBeInTheDocument();

    // Another tab starts afresh: the log's search does not follow it.
    await user.click(screen.getByRole("tab", { name: "应用会话" }));
    await waitFor(() => expect(window.location.search).toContain("tab=app"));
    expect(decodeURIComponent(window.location.search)).not.toContain("ghostkeep");
  });
});
