/** 三方登录 against the reference server: create with a write-only secret, edit keeping it, switch status after confirmation. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import { thirdPartyLoginResource } from ".";
import { nextId } from "../../../../server/db/ids";
import { userOauth } from "../../../../server/db/schema";
import { formatDateTime } from "../../../../server/db/time";

const t = setupResourceTest(() => import("./ThirdLoginList"));
const BASE = "/api/blade-system/sysConfig";

async function onServer(source: string) {
  const res = await t.api.request(`${BASE}/thirdLoginInfoPage`, { token: t.token, query: { source } });
  const raw = await res.text();
  return { raw, records: JSON.parse(raw).data.records as { id: string; source: string; name: string; status: number; clientSecretSet: boolean }[] };
}

describe("System → 三方登录 against the reference server", () => {
  it("creates a provider with its secret, never shows the secret back, and keeps it on edit", async () => {
    const user = userEvent.setup();
    renderConsole(thirdPartyLoginResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入登录来源");

    await user.type(within(dialog).getByLabelText("登录来源"), "corpsso");
    await user.type(within(dialog).getByLabelText("显示名称"), "企业单点登录");
    await user.type(within(dialog).getByLabelText("Client ID"), "console-client");
    await user.type(within(dialog).getByLabelText("Client Secret"), "Top-Secret-42");
    await user.type(within(dialog).getByLabelText("回调地址"), "http://localhost:3000/oauth/callback/corpsso");
    await user.type(within(dialog).getByLabelText("授权地址"), "https://sso.example.com/authorize");
    await user.type(within(dialog).getByLabelText("令牌地址"), "https://sso.example.com/token");
    await user.type(within(dialog).getByLabelText("用户信息地址"), "https://sso.example.com/userinfo");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    const created = await onServer("corpsso");
    expect(created.records).toMatchObject([{ source: "corpsso", name: "企业单点登录", clientSecretSet: true, status: 1 }]);
    expect(created.raw).not.toContain("Top-Secret-42");

    const row = await findRow("corpsso");
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const edit = await screen.findByRole("dialog");
    const name = await loadedField("显示名称", "企业单点登录");
    // The secret is "set", its input empty: nothing of it came back.
    expect(within(edit).getByText("已设置")).toBeInTheDocument();
    expect(within(edit).getByLabelText("Client Secret")).toHaveValue("");
    await user.clear(name);
    await user.type(name, "企业登录");
    await user.click(within(edit).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    await waitFor(async () => expect((await onServer("corpsso")).records).toMatchObject([{ name: "企业登录", clientSecretSet: true }]));
  });

  it("switches a provider off only after confirmation, and the login page's list loses it", async () => {
    const secret = "Another-Secret-1";
    await t.api.request(`${BASE}/thirdLoginInfoInsert`, {
      token: t.token,
      json: { source: "gitee", clientId: "gitee-client", clientSecret: secret, redirectUri: "http://localhost:3000/oauth/callback/gitee" },
    });
    const user = userEvent.setup();
    renderConsole(thirdPartyLoginResource);
    const row = await findRow("gitee");
    await user.click(await within(row).findByRole("switch"));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getAllByText("确定停用该登录方式?").length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("操作成功");
    await waitFor(async () => expect((await onServer("gitee")).records[0].status).toBe(0));
    const listed = await (await t.api.request(`${BASE}/thirdLoginSources`)).json();
    expect(listed.data.map((s: { source: string }) => s.source)).not.toContain("gitee");
  });

  it("counts the users bound to each provider and lists who they are", async () => {
    await t.api.request(`${BASE}/thirdLoginInfoInsert`, {
      token: t.token,
      json: { source: "github", clientId: "gh-client", clientSecret: "Gh-Secret-1", redirectUri: "http://localhost:3000/oauth/callback/github" },
    });
    const { id: userId } = await t.api.createUser({ account: "octo", password: "Passw0rd!x", realName: "章鱼" });
    const now = formatDateTime(new Date());
    await t.api.db.insert(userOauth).values({ id: nextId(), tenantId: "000000", userId, source: "github", uuid: "github-octo", username: "octocat", nickname: "octo", createTime: now, updateTime: now });
    const user = userEvent.setup();
    renderConsole(thirdPartyLoginResource);
    const row = await findRow("github");
    await user.click(await within(row).findByRole("button", { name: /的绑定用户\(1\)/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("github 的绑定用户")).toBeInTheDocument();
    const bound = await within(dialog).findByRole("row", { name: /octo/ });
    expect(within(bound).getByText("章鱼")).toBeInTheDocument();
    expect(within(bound).getByText("octocat")).toBeInTheDocument();
  });
});
