/**
 * The user form judges a new password by the tenant's password policy (getPasswordRegex), with the
 * policy's words, before anything is sent: the reference server behind MSW holds a tightened policy.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { userResource } from ".";

const t = setupResourceTest(() => import("./UserList"));

const STRICT = {
  minLength: 10,
  maxLength: 32,
  requireDigits: true,
  requireUpper: true,
  requireLower: true,
  requireSpecial: true,
  rejectWeak: true,
  expireDays: 0,
  historyCount: 0,
  lockThreshold: 5,
  lockMinutes: 30,
};

describe("System → Users: the password policy", () => {
  it("refuses a weak password at creation with the policy's words, and sends nothing", async () => {
    const saved = await t.api.request("/api/blade-system/sysConfig/passwordAddUpdate", { token: t.token, json: STRICT });
    expect(saved.status).toBe(200);
    const user = userEvent.setup();
    renderConsole(userResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog", { name: "新增用户" });
    const password = within(dialog).getByLabelText(/^\*?\s*密码$/);
    const posts: string[] = [];
    t.api.server.events.on("request:start", ({ request }) => void (request.method === "POST" && posts.push(request.url)));

    await user.type(password, "Short1!");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    // Finding the words is the assertion: the form may redraw the field right after.
    await within(dialog).findByText("密码长度在10到32个字符");

    await user.clear(password);
    await user.type(password, "abcdefgh1xz");
    await within(dialog).findByText("密码只能且必须包含数字、大写字母、小写字母、特殊字符");

    await user.clear(password);
    await user.type(password, "Qwe1!Zk4#mT");
    await within(dialog).findByText("密码过于简单,不能包含三个相同或连续的字符");

    await user.clear(password);
    await user.type(password, "Zk4!mQ8#rT");
    await waitFor(() => expect(within(dialog).queryByText(/密码长度在|密码只能且必须|密码过于简单/)).toBeNull());
    t.api.server.events.removeAllListeners();
    expect(posts.filter((u) => u.includes("/blade-user/submit"))).toEqual([]);
  });
});
