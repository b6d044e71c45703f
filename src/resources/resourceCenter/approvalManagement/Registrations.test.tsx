/** 审批管理 → 注册审批 against the reference server: a self-registration approved into a working account, another rejected. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { approvalManagementResource } from ".";

const t = setupResourceTest(() => import("./ApprovalPage"));
const PASSWORD = "Qz7#Lm2$Kp";
const OK = /确\s*定|OK/;

let seq = 9100;
/** What a visitor does on the sign-in page: a first third-party sign-in, then the registration dialog. */
async function selfRegister(account: string, name: string) {
  const render = await (await t.api.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "000000" } })).json();
  const back = t.api.oauth!.approve(render.data.url, { id: seq, login: `gh${seq++}` });
  const guest = await (await t.api.tokenRequest({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId: "000000" }, { "Tenant-Id": "000000" })).json();
  const res = await t.api.request("/api/blade-user/register-guest", { token: guest.access_token, json: { tenantId: "000000", account, name, password: PASSWORD } });
  expect(res.status).toBe(200);
}

describe("注册审批 against the reference server", () => {
  it("shows a registration awaiting approval with its third-party source, and 通过 enables it so the person can sign in", async () => {
    const user = userEvent.setup();
    await selfRegister("newcomer", "新来的");
    await expect(t.api.login("newcomer", PASSWORD)).rejects.toThrow(/账号待审核/);
    renderConsole(approvalManagementResource);

    await user.click(await screen.findByRole("tab", { name: "注册审批" }));
    const row = await findRow("newcomer");
    expect(within(row).getByText("新来的")).toBeInTheDocument();
    expect(within(row).getByText("oauth2")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "通过" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/不选择角色时授予本租户的「普通用户」角色/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: OK }));
    await screen.findByText("已通过，账号已启用");
    await waitFor(() => expect(screen.queryByText("newcomer")).not.toBeInTheDocument());

    expect((await t.api.login("newcomer", PASSWORD)).account).toBe("newcomer");
  });

  it("asks before a bulk rejection, and 驳回 removes the selected registrations", async () => {
    const user = userEvent.setup();
    await selfRegister("spammer1", "垃圾一");
    await selfRegister("spammer2", "垃圾二");
    renderConsole(approvalManagementResource);
    await user.click(await screen.findByRole("tab", { name: "注册审批" }));
    await findRow("spammer2");
    await user.click(screen.getByRole("button", { name: "批量驳回" }));
    await screen.findByText("请选择至少一条数据");

    await user.click(screen.getByRole("checkbox", { name: "spammer1" }));
    await user.click(screen.getByRole("checkbox", { name: "spammer2" }));
    await user.click(screen.getByRole("button", { name: "批量驳回" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText(/确定驳回所选的 2 个注册账号吗/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: OK }));
    await screen.findByText("已驳回");
    await waitFor(() => expect(screen.queryByText("spammer1")).not.toBeInTheDocument());
    expect(screen.queryByText("spammer2")).not.toBeInTheDocument();
    await expect(t.api.login("spammer1", PASSWORD)).rejects.toThrow();
  });
});
