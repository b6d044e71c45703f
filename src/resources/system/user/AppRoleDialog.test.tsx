/** The users page's 应用角色: a user's application roles chosen in a tree, saved, and found checked again. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { userResource } from ".";

const t = setupResourceTest(() => import("./UserList"));

async function post(path: string, json: Record<string, unknown>): Promise<string> {
  const body = await (await t.api.request(`/api/authentication${path}`, { token: t.token, json })).json();
  expect(body.msg).toBe("操作成功");
  return (body.data as { id: string }).id;
}
async function held(userId: string) {
  const res = await t.api.request("/api/authentication/bladeApplicationRole/getAppRole", { token: t.token, query: { userId } });
  return ((await res.json()).data as { roleName: string }[]).map((r) => r.roleName).sort();
}
async function openDialog(user: ReturnType<typeof userEvent.setup>, account: string) {
  const row = await findRow(account);
  await user.click(await within(row).findByRole("button", { name: new RegExp(`更多 ${account}`) }));
  await user.click(await screen.findByRole("menuitem", { name: "应用角色" }));
  return screen.findByRole("dialog");
}

describe("System → Users: 应用角色", () => {
  it("checks the roles the user holds, replaces them on save, and shows them checked when reopened", async () => {
    const user = userEvent.setup();
    const { id: userId } = await t.api.createUser({ account: "lisi", password: "Passw0rd!x", realName: "李四", roleAliases: ["user"] });
    const appId = await post("/app/insert", { appName: "协同办公", appCode: "oa", appUrl: "https://oa.example.com" });
    const reader = await post("/bladeApplicationRole/insert", { appId, roleName: "阅读者", roleCode: "reader" });
    await post("/bladeApplicationRole/insert", { appId, roleName: "审批人", roleCode: "approver" });
    await t.api.request("/api/blade-user/addUserAppRole", { token: t.token, json: { userId, roleIds: [reader] } });
    renderConsole(userResource);

    const dialog = await openDialog(user, "lisi");
    const readerBox = (await within(dialog).findByText("阅读者 (reader)")).closest(".ant-tree-treenode") as HTMLElement;
    await waitFor(() => expect(readerBox.querySelector(".ant-tree-checkbox-checked")).not.toBeNull());
    await user.click(within(dialog).getByText("阅读者 (reader)"));
    await user.click(within(dialog).getByText("审批人 (approver)"));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    await waitFor(async () => expect(await held(userId)).toEqual(["审批人"]));

    const again = await openDialog(user, "lisi");
    const approverBox = (await within(again).findByText("审批人 (approver)")).closest(".ant-tree-treenode") as HTMLElement;
    await waitFor(() => expect(approverBox.querySelector(".ant-tree-checkbox-checked")).not.toBeNull());
    const readerAgain = within(again).getByText("阅读者 (reader)").closest(".ant-tree-treenode") as HTMLElement;
    expect(readerAgain.querySelector(".ant-tree-checkbox-checked")).toBeNull();
  });
});
