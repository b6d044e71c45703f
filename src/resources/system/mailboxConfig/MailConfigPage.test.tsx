/** 邮箱配置 against the reference server: the §5-style refusals, a save, and the password shown only as set. */
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { inArray } from "drizzle-orm";
import { renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import { nextId } from "../../../../server/db/ids";
import { menu, role, roleMenu } from "../../../../server/db/schema";
import { mailboxConfigResource } from ".";

const t = setupResourceTest(() => import("./MailConfigPage"));

async function onServer() {
  const res = await t.api.request("/api/blade-system/sysConfig/getMailConfig", { token: t.token, method: "POST", body: "" });
  const raw = await res.text();
  return { raw, data: JSON.parse(raw).data as Record<string, unknown> };
}

describe("System → 邮箱配置 against the reference server", () => {
  it("refuses a bad host and port, saves, and shows the stored password only as 已设置", async () => {
    const user = userEvent.setup();
    renderConsole(mailboxConfigResource);
    const host = await screen.findByLabelText("SMTP服务器", {}, { timeout: 15_000 });
    await user.type(host, "bad host!");
    const port = screen.getByLabelText("端口");
    await user.clear(port);
    // Leaving the field commits the number input's value to the form, as it does for a person.
    await user.tab();
    await waitFor(() => expect(port).toHaveDisplayValue(""));
    await user.click(screen.getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("请输入正确的主机名或IP地址");
    await screen.findByText("请输入端口");
    await screen.findByText("请输入发件人地址");

    await user.clear(host);
    await user.type(host, "smtp.example.com");
    await user.type(port, "587");
    await user.type(screen.getByLabelText("用户名"), "mailer");
    await user.type(screen.getByLabelText("密码"), "Console-Secret-9");
    await user.type(screen.getByLabelText("发件人地址"), "noreply@example.com");
    await user.click(screen.getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");

    const saved = await onServer();
    expect(saved.data).toMatchObject({ host: "smtp.example.com", port: 587, user: "mailer", passwordSet: true });
    expect(saved.raw).not.toContain("Console-Secret-9");
    // The form keeps no copy of the password: empty input, marked as set.
    await waitFor(() => expect(screen.getByLabelText("密码")).toHaveValue(""));
    expect(screen.getByText("已设置")).toBeInTheDocument();
  });

  it("shows the server's refusal beside its field (SSL and STARTTLS together)", async () => {
    await t.api.request("/api/blade-system/sysConfig/saveOrUpdateMailConfig", {
      token: t.token,
      json: { host: "smtp.example.com", port: 465, auth: true, user: "mailer", password: "x-secret", from: "noreply@example.com" },
    });
    const user = userEvent.setup();
    renderConsole(mailboxConfigResource);
    await waitFor(() => expect(screen.getByLabelText("SMTP服务器")).toHaveValue("smtp.example.com"), { timeout: 15_000 });
    await user.click(screen.getByRole("switch", { name: "启用SSL" }));
    await user.click(screen.getByRole("switch", { name: "启用STARTTLS" }));
    await user.click(screen.getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("SSL与STARTTLS只能启用一个");
    expect((await onServer()).data).toMatchObject({ sslEnable: false, starttlsEnable: false });
  });

  it("shows the settings read-only, without 保存, to someone who holds the page but not its 修改", async () => {
    const roleId = nextId();
    await t.api.db.insert(role).values({ id: roleId, tenantId: "000000", roleName: "邮件查看", roleAlias: "mailviewer" });
    const pages = await t.api.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, ["mailboxConfig", "mailboxConfig_view"]));
    await t.api.db.insert(roleMenu).values(pages.map((m) => ({ id: nextId(), roleId, menuId: m.id })));
    await t.api.createUser({ account: "mailviewer", password: "Passw0rd!x", roleAliases: ["mailviewer"] });
    await signIn(t.api, { account: "mailviewer", password: "Passw0rd!x" });
    renderConsole(mailboxConfigResource);
    const host = await screen.findByLabelText("SMTP服务器", {}, { timeout: 15_000 });
    expect(host).toBeDisabled();
    expect(screen.queryByRole("button", { name: /保\s*存/ })).toBeNull();
  });
});
