/**
 * 密码策略 against the real reference server (MSW forwards /api/* to the Hono app): the form loads
 * the policy, refuses a bad one beside the field, and saves what getPasswordRegex then answers.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderConsole, setupResourceTest } from "../../../testing/harness";
import type { R } from "../../../../domain/contract";
import { cryptographicPolicyResource } from ".";

const t = setupResourceTest(() => import("./PolicyPage"));

const field = (label: string) => screen.findByRole("spinbutton", { name: label });

describe("System → Password policy against the reference server", () => {
  it("loads the policy, refuses a maximum below the minimum, then saves and the server follows it", async () => {
    const user = userEvent.setup();
    renderConsole(cryptographicPolicyResource);
    // The form is drawn before the policy arrives (and redrawn when it does): read the field afresh.
    await screen.findByText("默认策略(尚未保存)");
    await waitFor(async () => expect(await field("密码最小长度")).toHaveValue("6"));
    const min = await field("密码最小长度");

    await user.clear(min);
    await user.type(min, "12");
    const max = await field("密码最大长度");
    await user.clear(max);
    await user.type(max, "10");
    await user.click(screen.getByRole("button", { name: /保\s*存/ }));
    // Looked up afresh on each try: the field's error list is redrawn when the save re-validates it.
    await waitFor(() => expect(screen.getByText("密码最大长度不能小于最小长度")).toBeInTheDocument());

    await user.clear(max);
    await user.type(max, "20");
    await user.click(screen.getByRole("switch", { name: "必须包含大写字母" }));
    await user.click(screen.getByRole("button", { name: /保\s*存/ }));
    await waitFor(() => expect(screen.getByText("修改成功")).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText("沿用平台策略")).toBeInTheDocument());

    const res = await t.api.request("/api/blade-system/sysConfig/getPasswordRegex", { headers: { "Tenant-Id": "000000" } });
    const body = (await res.json()) as R<{ minLength: number; maxLength: number; rules: { message: string }[] }>;
    expect(body.data).toMatchObject({ minLength: 12, maxLength: 20 });
    expect(body.data.rules.map((r) => r.message)).toEqual(["密码长度在12到20个字符", "密码只能且必须包含大写字母"]);
  });

  it("says it is the one place the sign-in lock is set, and that the old parameters no longer apply", async () => {
    renderConsole(cryptographicPolicyResource);
    await screen.findByText(/登录失败锁定只在此处设置.*account\.failCount、account\.lockMinutes 已不再生效/);
  });
});
