/** 审批管理 against the reference server: pending requests with what the requester holds, 通过 with a comment, bulk. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import type { MenuNode } from "../../../../domain/contract";
import { getMenu, getPermissions } from "../../../providers/auth/menu-store";
import { grantApp, makeApp } from "../shared/testing";
import { approvalManagementResource } from ".";

const t = setupResourceTest(() => import("./ApprovalPage"));

describe("审批管理 against the reference server", () => {
  it("shows a pending request with what the requester already holds, and approves it with a comment into a grant", async () => {
    const user = userEvent.setup();
    const { id } = await t.api.createUser({ account: "appl", password: "Appl#2024x", realName: "申请人甲" });
    const held = await makeApp(t.api, t.token, "mail", "邮件系统");
    await grantApp(t.api, t.token, held, id, "mailuser");
    const wanted = await makeApp(t.api, t.token, "erp", "资源计划");
    const requester = (await t.api.login("appl", "Appl#2024x")).access_token;
    await t.api.request("/api/authentication/resourceApplication/submit", { token: requester, json: { appId: wanted, reason: "月末结账", durationDays: 7 } });
    renderConsole(approvalManagementResource);

    const row = await findRow("月末结账");
    expect(within(row).getByText("申请人甲（appl）")).toBeInTheDocument();
    expect(within(row).getByText(/邮件系统/)).toBeInTheDocument();
    expect(within(row).getByText("应用角色：角色mailuser")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "通过" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("审批意见"), "同意");
    await user.click(within(dialog).getByRole("button", { name: /确\s*定|OK/ }));
    await screen.findByText("审批完成");
    await waitFor(() => expect(screen.queryByText("月末结账")).not.toBeInTheDocument());

    const mine = await t.api.request("/api/authentication/myApplication/list", { token: requester });
    expect(((await mine.json()) as { data: { id: string }[] }).data.map((a) => a.id)).toContain(wanted);
  });

  it("asks for a selection before a bulk approval, and a comment before a rejection", async () => {
    const user = userEvent.setup();
    await t.api.createUser({ account: "appl2", password: "Appl#2024x" });
    const wanted = await makeApp(t.api, t.token, "bi", "报表平台");
    const requester = (await t.api.login("appl2", "Appl#2024x")).access_token;
    await t.api.request("/api/authentication/resourceApplication/submit", { token: requester, json: { appId: wanted, reason: "看报表" } });
    renderConsole(approvalManagementResource);
    const row = await findRow("看报表");
    await user.click(screen.getByRole("button", { name: "批量通过" }));
    await screen.findByText("请选择至少一条数据");
    await user.click(within(row).getByRole("button", { name: "驳回" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText("请输入审批意见")).toBeInTheDocument();
  });

  it("lets the owner of a directory, an ordinary user, approve the first step of a request from it, and shows them nothing else", async () => {
    const user = userEvent.setup();
    const owner = await t.api.createUser({ account: "dirowner", password: "Owner#2024x", realName: "目录负责人", roleAliases: ["user"] });
    await t.api.createUser({ account: "appl3", password: "Appl#2024x", realName: "申请人丙", roleAliases: ["user"] });
    const [filed, plain] = [await makeApp(t.api, t.token, "wiki", "知识库"), await makeApp(t.api, t.token, "crm", "客户管理")];
    const made = await t.api.request("/api/authentication/bladeApplicationDirectory/insert", {
      token: t.token,
      json: { directoryName: "协作类", directoryCode: "collab", appIds: [filed], ownerId: owner.id },
    });
    const directoryId = ((await made.json()) as { data: { id: string } }).data.id;
    const requester = (await t.api.login("appl3", "Appl#2024x")).access_token;
    const submit = (json: object) => t.api.request("/api/authentication/resourceApplication/submit", { token: requester, json });
    const { data } = (await (await submit({ appId: filed, directoryId, reason: "写文档" })).json()) as { data: { id: string } };
    await submit({ appId: plain, reason: "跟客户" });

    await signIn(t.api, { account: "dirowner", password: "Owner#2024x" });
    // Role 普通用户 has the page in its menu, with 查看 but not the administrators' 通过/驳回 codes.
    const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
    expect(paths(getMenu())).toContain("/resourceCenter/approvalManagement/index");
    expect([...getPermissions()].filter((c) => c.startsWith("approvalManagement_"))).toEqual(["approvalManagement_view"]);
    renderConsole(approvalManagementResource);
    const row = await findRow("写文档");
    expect(within(await findTable()).queryByText("跟客户")).not.toBeInTheDocument();
    // Registrations are the administrators' (通过): no 注册审批 tab for a directory owner.
    expect(screen.queryByRole("tab", { name: "注册审批" })).not.toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "驳回" })).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "通过" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /确\s*定|OK/ }));
    await screen.findByText("审批完成");
    await waitFor(() => expect(screen.queryByText("写文档")).not.toBeInTheDocument());

    // The first step is passed: the request now waits for an administrator.
    const mine = await t.api.request("/api/authentication/resourceApplication/list", { token: requester });
    const rows = ((await mine.json()) as { data: { records: { id: string; step: number; state: number }[] } }).data.records;
    expect(rows.find((r) => r.id === data.id)).toMatchObject({ step: 2, state: 0 });
  });
});
