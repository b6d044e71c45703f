/**
 * The users page against the reference server (MSW → the Hono app on a fresh database): a reset
 * with a typed password under the tenant's policy or a generated one, optionally to be changed at
 * the next sign-in; and an account the sign-in lockout holds, shown as 已锁定 and unlocked from its row.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { md5 } from "js-md5";
import { userResource } from ".";

const t = setupResourceTest(() => import("./UserList"));

async function openReset(user: ReturnType<typeof userEvent.setup>, account: string, name: string) {
  await user.click(await within(await findRow(account)).findByRole("button", { name: /重置密码/ }));
  return screen.findByRole("dialog", { name: `重置密码 · ${name}` });
}

describe("System → Users: resetting a password without an initial password, and locked accounts", () => {
  it("sets a typed password after the policy's words beside the field, to be changed at the next sign-in", async () => {
    await t.api.createUser({ account: "typist", password: "Typ1st-password", realName: "打字员", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    const dialog = await openReset(user, "typist", "打字员");
    await waitFor(() => expect(within(dialog).getByRole("radio", { name: "输入新密码" })).toBeChecked());
    await user.type(within(dialog).getByLabelText("新密码"), "abc");
    await user.type(within(dialog).getByLabelText("确认新密码"), "abc");
    await user.click(within(dialog).getByRole("button", { name: /重\s*置/ }));
    await within(dialog).findByText(/密码长度/);
    await user.clear(within(dialog).getByLabelText("新密码"));
    await user.type(within(dialog).getByLabelText("新密码"), "Fresh-Pass-2026");
    await user.clear(within(dialog).getByLabelText("确认新密码"));
    await user.type(within(dialog).getByLabelText("确认新密码"), "Fresh-Pass-2026");
    await user.click(within(dialog).getByRole("checkbox", { name: "用户下次登录时须修改密码" }));
    await user.click(within(dialog).getByRole("button", { name: /重\s*置/ }));
    await screen.findByText("密码重置成功");
    // A typed password is never shown back.
    expect(screen.queryByRole("dialog", { name: "新的登录密码" })).not.toBeInTheDocument();
    await expect(t.api.login("typist", "Typ1st-password")).rejects.toThrow();
    const signIn = await t.api.tokenRequest({ tenantId: "000000", username: "typist", password: md5("Fresh-Pass-2026"), grant_type: "password" });
    expect(await signIn.json()).toMatchObject({ error: "password_expired", error_description: "管理员重置了您的密码,请修改密码后再登录" });
  });

  it("generates a password that is shown once and signs in", async () => {
    await t.api.createUser({ account: "lucky", password: "Luck1-password", realName: "幸运", roleAliases: ["user"] });
    const user = userEvent.setup();
    renderConsole(userResource);
    // What the server says about the initial password arrives after the operator chose: the
    // choice stays (the dialog used to put its default over it).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.api.server.use(http.get("*/api/blade-user/resetPwd/info", async () => void (await gate)));
    const dialog = await openReset(user, "lucky", "幸运");
    await user.click(await within(dialog).findByRole("radio", { name: "自动生成" }));
    release();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: /重\s*置/ })).toBeEnabled());
    expect(within(dialog).getByRole("radio", { name: "自动生成" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: /重\s*置/ }));
    const shown = await screen.findByRole("dialog", { name: "新的登录密码" });
    const password = within(shown).getByTestId("user-reset-password").textContent ?? "";
    expect(password).toHaveLength(16);
    await expect(t.api.login("lucky", password)).resolves.toBeTruthy();
  });

  it("shows a locked account as 已锁定 with when the lock ends, and unlocks it from the row", async () => {
    await t.api.createUser({ account: "blocked", password: "Bl0cked-password", realName: "被锁", roleAliases: ["user"] });
    for (let i = 0; i < 5; i++) await t.api.login("blocked", "wrong-password").catch(() => undefined);
    const user = userEvent.setup();
    renderConsole(userResource);
    const row = await findRow("blocked");
    const tag = await within(row).findByText("已锁定");
    await user.hover(tag);
    await screen.findByText(/^登录失败次数过多,锁定至 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await user.unhover(tag);
    await user.click(await within(await findRow("blocked")).findByRole("button", { name: "解锁 blocked" }));
    // Found by its title's text: the tooltip above took the id jsdom's antd gives every labelled popup.
    const confirm = (await screen.findByText("确定解封选择的账号?", { selector: ".ant-modal-confirm-title" })).closest<HTMLElement>("[role=dialog]")!;
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("账号解封成功");
    await waitFor(async () => expect(within(await findRow("blocked")).queryByText("已锁定")).not.toBeInTheDocument());
    await expect(t.api.login("blocked", "Bl0cked-password")).resolves.toBeTruthy();
  });
});
