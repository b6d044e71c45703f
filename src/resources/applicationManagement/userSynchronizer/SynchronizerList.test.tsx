/** 用户同步 against the reference server: the source's own fields, a write-only secret, preview, a run, SCIM tokens. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import { userSynchronizerResource } from ".";
import { sampleTree, startSlapd, SUFFIX } from "../../../../server/test/slapd";

const t = setupResourceTest(() => import("./SynchronizerList"));
const BASE = "/api/authentication/userSynchronizers";
const SECRET = "Bind-Secret-42";

interface Stored {
  id: string;
  name: string;
  sourceType: string;
  secretSet: boolean;
  status: number;
  attrAccount: string;
}
async function onServer(): Promise<{ raw: string; records: Stored[] }> {
  const res = await t.api.request(`${BASE}/page`, { token: t.token, query: { current: 1, size: 50 } });
  const raw = await res.text();
  return { raw, records: JSON.parse(raw).data.records as Stored[] };
}
async function roleId(name: string): Promise<string> {
  const res = await t.api.request("/api/blade-system/role/list", { token: t.token });
  return ((await res.json()).data as { id: string; roleName: string }[]).find((r) => r.roleName === name)!.id;
}
/** A synchroniser of an LDAP server nobody listens on (port 1 of this machine). */
async function seedUnreachable(name: string): Promise<string> {
  const res = await t.api.request(`${BASE}/submit`, {
    token: t.token,
    json: {
      name,
      sourceType: "ldap",
      endpoint: "ldap://127.0.0.1:1",
      principal: "cn=admin,dc=example,dc=com",
      secret: SECRET,
      userBaseDn: "ou=people,dc=example,dc=com",
      roleId: await roleId("普通用户"),
    },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return (await onServer()).records.find((r) => r.name === name)!.id;
}
/** The confirmation asking `question` (antd's confirm dialogs carry no accessible name). */
const confirmDialog = (question: RegExp) =>
  waitFor(() => {
    const found = screen.getAllByRole("dialog").find((d) => within(d).queryAllByText(question).length > 0);
    expect(found).toBeTruthy();
    return found!;
  });
const saveButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: /保\s*存/ });
const pick = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, option: string) => {
  await user.click(within(dialog).getByRole("combobox", { name: label }));
  await user.click(await screen.findByTitle(option));
};

describe("Applications → 用户同步 against the reference server", () => {
  it("shows a directory's fields for LDAP and an app key for DingTalk, fills the mapping, and never shows the secret back", async () => {
    const user = userEvent.setup();
    renderConsole(userSynchronizerResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    for (const section of ["基本信息", "连接", "映射", "策略", "定时"]) expect(within(dialog).getByText(section)).toBeInTheDocument();

    // LDAP, the default: address, encryption, bind DN and password, base DNs and filters.
    for (const label of ["服务地址", "加密方式", "绑定DN", "绑定密码", "用户Base DN", "用户过滤条件", "组织Base DN", "组织过滤条件"]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).queryByLabelText("AppKey")).toBeNull();
    expect(within(dialog).getByLabelText("账号属性")).toHaveValue("uid");
    // A private CA only where the connection is encrypted.
    expect(within(dialog).queryByLabelText("CA证书(PEM)")).toBeNull();
    await pick(user, dialog, "加密方式", "LDAPS");
    expect(await within(dialog).findByLabelText("CA证书(PEM)")).toBeInTheDocument();
    await pick(user, dialog, "加密方式", "不加密");

    // DingTalk: its app key and secret and the root department instead; its attribute names.
    await pick(user, dialog, "同步源", "钉钉");
    expect(await within(dialog).findByLabelText("AppKey")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("AppSecret")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("根部门ID")).toBeInTheDocument();
    for (const gone of ["绑定DN", "用户Base DN", "加密方式"]) expect(within(dialog).queryByLabelText(gone)).toBeNull();
    expect(within(dialog).getByLabelText("账号属性")).toHaveValue("userid");

    // Back to LDAP and save one.
    await pick(user, dialog, "同步源", "LDAP");
    expect(within(dialog).getByLabelText("账号属性")).toHaveValue("uid");
    await user.type(within(dialog).getByLabelText("同步器名称"), "总部目录");
    await user.type(within(dialog).getByLabelText("服务地址"), "ldap://127.0.0.1:1389");
    await user.type(within(dialog).getByLabelText("绑定DN"), "cn=admin,dc=example,dc=com");
    await user.type(within(dialog).getByLabelText("绑定密码"), SECRET);
    await user.type(within(dialog).getByLabelText("用户Base DN"), "ou=people,dc=example,dc=com");
    await pick(user, dialog, "默认角色", "普通用户");
    await user.click(saveButton(dialog));
    await screen.findByText("添加成功");
    const created = await onServer();
    expect(created.records).toMatchObject([{ name: "总部目录", sourceType: "ldap", secretSet: true, attrAccount: "uid" }]);
    expect(created.raw).not.toContain(SECRET);

    const row = await findRow("总部目录");
    expect(within(row).getByText("LDAP")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: /编\s*辑/ }));
    await loadedField("同步器名称", "总部目录");
    const edit = screen.getAllByRole("dialog").at(-1)!;
    // Stored, never answered: "已设置", the input empty; the source cannot change.
    expect(within(edit).getByText("已设置")).toBeInTheDocument();
    expect(within(edit).getByLabelText("绑定密码")).toHaveValue("");
    expect(within(edit).getByRole("combobox", { name: "同步源" })).toBeDisabled();
  });

  it("switches a synchroniser off only after confirmation", async () => {
    await seedUnreachable("停用测试");
    const user = userEvent.setup();
    renderConsole(userSynchronizerResource);
    const row = await findRow("停用测试");
    await user.click(within(row).getByRole("switch", { name: "停用测试 状态" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getAllByText(/确定停用同步器「停用测试」/).length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("操作成功");
    await waitFor(async () => expect((await onServer()).records.find((r) => r.name === "停用测试")!.status).toBe(0));
  });

  it("runs a synchroniser after confirmation, follows the run until it ends 失败 with the reason, and links to its record", async () => {
    const id = await seedUnreachable("不可达目录");
    const user = userEvent.setup();
    renderConsole(userSynchronizerResource);
    const row = await findRow("不可达目录");
    await user.click(within(row).getByRole("button", { name: /同\s*步/ }));
    const confirm = await confirmDialog(/确定立即同步「不可达目录」/);
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    const run = await screen.findByRole("dialog", { name: /同步「不可达目录」/ });
    expect(await within(run).findByText("同步失败", {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(run).getByText(/无法连接.*127\.0\.0\.1:1/)).toBeInTheDocument();
    expect(within(run).getByText("失败", { selector: ".ant-tag" })).toHaveClass("ant-tag-red");
    const tasks = await (await t.api.request("/api/authentication/taskResult/page", { token: t.token, query: { synchronizerId: id } })).json();
    const task = tasks.data.records[0] as { id: string; taskStatus: number };
    expect(task.taskStatus).toBe(3);
    expect(within(run).getByRole("link", { name: "查看同步记录" })).toHaveAttribute("href", `/applicationManagement/taskResult/index?taskId=${task.id}`);
  });

  it("previews a source that cannot be reached with the server's reason in the dialog", async () => {
    await seedUnreachable("预览不可达");
    const user = userEvent.setup();
    renderConsole(userSynchronizerResource);
    const row = await findRow("预览不可达");
    await user.click(within(row).getByRole("button", { name: /预\s*览/ }));
    const preview = await screen.findByRole("dialog", { name: /同步预览/ });
    expect(await within(preview).findByText("预览失败", {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(preview).getByText(/无法连接.*127\.0\.0\.1:1/)).toBeInTheDocument();
    // Nothing to run from a preview that failed.
    expect(within(preview).getByRole("button", { name: /同\s*步/ })).toBeDisabled();
  });

  it("previews a real directory as a diff filtered by action, then 同步 from the preview creates what it showed", async () => {
    const dir = await startSlapd({ ldif: sampleTree() });
    try {
      const res = await t.api.request(`${BASE}/submit`, {
        token: t.token,
        json: { name: "样例公司", sourceType: "ldap", endpoint: dir.url, principal: dir.rootDn, secret: dir.rootPassword, userBaseDn: SUFFIX, deptBaseDn: SUFFIX, roleId: await roleId("普通用户") },
      });
      expect((await res.json()).success).toBe(true);
      const user = userEvent.setup();
      renderConsole(userSynchronizerResource);
      const row = await findRow("样例公司");
      await user.click(within(row).getByRole("button", { name: /预\s*览/ }));
      const preview = await screen.findByRole("dialog", { name: /同步预览/ });
      const counts = await within(preview).findByTestId("sync-counts", {}, { timeout: 30_000 });
      // 总部, 研发部, 前端组, 市场部 and four people: all new.
      expect(within(counts).getByText("新增 8")).toBeInTheDocument();
      expect(within(counts).getByText("更新 0")).toBeInTheDocument();
      // Each object with what it would become: the user's fields, its department in the tree.
      const zhang = (await within(preview).findByText("张三")).closest("tr") as HTMLElement;
      expect(within(zhang).getByText("用户")).toBeInTheDocument();
      expect(within(zhang).getByText("新增")).toBeInTheDocument();
      expect(within(zhang).getByText("账号: ∅ → zhangsan")).toBeInTheDocument();
      expect(within(zhang).getByText("所属机构: ∅ → 前端组")).toBeInTheDocument();
      const frontEnd = within(preview).getByText("前端组").closest("tr") as HTMLElement;
      expect(within(frontEnd).getByText("上级机构: ∅ → 研发部")).toBeInTheDocument();
      const hq = within(preview).getByText("总部").closest("tr") as HTMLElement;
      expect(within(hq).getByText("上级机构: ∅ → 顶级")).toBeInTheDocument();
      // Nothing is an update: filtering by 更新 empties the table, 新增 brings the rows back.
      await user.click(within(preview).getByText("更新", { selector: ".ant-segmented-item-label" }));
      await waitFor(() => expect(within(preview).queryByText("张三")).toBeNull());
      await user.click(within(preview).getByText("新增", { selector: ".ant-segmented-item-label" }));
      expect(await within(preview).findByText("张三")).toBeInTheDocument();

      await user.click(within(preview).getByRole("button", { name: /同\s*步/ }));
      const confirm = await confirmDialog(/确定按预览结果执行同步/);
      await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
      const run = await screen.findByRole("dialog", { name: /同步「样例公司」/ });
      expect(await within(run).findByText("同步已完成", {}, { timeout: 30_000 })).toBeInTheDocument();
      expect(within(within(run).getByTestId("sync-counts")).getByText("新增 8")).toBeInTheDocument();
      const users = await (await t.api.request("/api/blade-user/page", { token: t.token, query: { account: "zhangsan" } })).json();
      expect((users.data.records as { account: string; realName: string }[]).map((u) => [u.account, u.realName])).toEqual([["zhangsan", "张三"]]);
    } finally {
      await dir.stop();
    }
  });

  it("issues a SCIM token shown once with the tenant's SCIM address, lists it by prefix and revokes it after confirmation", async () => {
    const user = userEvent.setup();
    renderConsole(userSynchronizerResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /SCIM 令牌/ }));
    const dialog = await screen.findByRole("dialog", { name: "SCIM 令牌" });
    expect(within(dialog).getByLabelText("SCIM 服务地址")).toHaveValue(`${window.location.origin}/api/scim/v2`);
    await user.type(within(dialog).getByLabelText("令牌名称"), "Okta");
    await user.click(within(dialog).getByRole("button", { name: /新建令牌/ }));
    expect(await within(dialog).findByText("令牌只显示这一次,请立即复制保存")).toBeInTheDocument();
    const shown = within(dialog).getByLabelText("令牌「Okta」已生成") as HTMLInputElement;
    const token = shown.value;
    expect(token.length).toBeGreaterThan(20);

    const listed = await (await t.api.request("/api/authentication/scimToken/list", { token: t.token })).json();
    const stored = (listed.data as { id: string; name: string; prefix: string }[]).find((r) => r.name === "Okta")!;
    expect(token.startsWith(stored.prefix)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(token);
    const row = (await within(dialog).findByText("Okta")).closest("tr") as HTMLElement;
    expect(within(row).getByText(`${stored.prefix}…`)).toBeInTheDocument();
    expect(within(row).getByText("从未使用")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "吊销 Okta" }));
    const confirm = await confirmDialog(/确定吊销该令牌/);
    await user.click(within(confirm).getByRole("button", { name: /吊\s*销/ }));
    await waitFor(() => expect(within(dialog).queryByText("Okta")).toBeNull());
    const after = await (await t.api.request("/api/authentication/scimToken/list", { token: t.token })).json();
    expect((after.data as { name: string }[]).map((r) => r.name)).not.toContain("Okta");
  });
});
