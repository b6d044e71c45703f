/** Parameters against the reference server: the §5 messages, create, edit, search and delete. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, loadedField, renderConsole, setupResourceTest } from "../../../testing/harness";
import { paramResource } from ".";

const t = setupResourceTest(() => import("./ParamList"));

async function paramsOnServer(paramKey: string) {
  const res = await t.api.request("/api/blade-system/param/list", { token: t.token, query: { paramKey } });
  return (await res.json()).data.records as { id: string; paramKey: string; paramValue: string }[];
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await findTable();
  await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
  return screen.findByRole("dialog");
}

describe("System → Parameters against the reference server", () => {
  it("refuses an empty form with the three §5 messages", async () => {
    const user = userEvent.setup();
    renderConsole(paramResource);
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入参数名称");
    expect(await within(dialog).findByText("请输入参数键名")).toBeInTheDocument();
    expect(await within(dialog).findByText("请输入参数键值")).toBeInTheDocument();
  });

  it("creates a parameter from the keyboard, then edits its value", async () => {
    const user = userEvent.setup();
    renderConsole(paramResource);
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText("参数名称"), "站点标题");
    await user.type(within(dialog).getByLabelText("参数键名"), "site.title");
    // Enter saves, like the OK button.
    await user.type(within(dialog).getByLabelText("参数键值"), "刀锋{Enter}");
    await screen.findByText("添加成功");
    expect(await paramsOnServer("site.title")).toMatchObject([{ paramValue: "刀锋" }]);

    const row = await findRow("site.title");
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const edit = await screen.findByRole("dialog");
    const value = await loadedField("参数键值", "刀锋");
    await user.clear(value);
    await user.type(value, "刀锋控制台");
    await user.click(within(edit).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    expect(await paramsOnServer("site.title")).toMatchObject([{ paramValue: "刀锋控制台" }]);
  });

  it("refuses the retired lockout keys beside the key field, saying the rule lives in 密码策略", async () => {
    const user = userEvent.setup();
    renderConsole(paramResource);
    // None is seeded any more: the list offers no setting that nothing reads.
    await findTable();
    expect(screen.queryByText("account.failCount")).not.toBeInTheDocument();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText("参数名称"), "登录失败次数上限");
    await user.type(within(dialog).getByLabelText("参数键名"), "account.failCount");
    await user.type(within(dialog).getByLabelText("参数键值"), "3");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("登录失败锁定规则(失败次数、锁定时长)在「密码策略」中设置,此参数不再生效");
    expect(await paramsOnServer("account.failCount")).toEqual([]);
  });

  it("deletes a parameter after confirmation", async () => {
    await t.api.request("/api/blade-system/param/submit", { token: t.token, json: { paramName: "临时", paramKey: "tmp.key", paramValue: "1" } });
    const user = userEvent.setup();
    renderConsole(paramResource);
    const row = await findRow("tmp.key");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText("确定将选择数据删除?")).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("删除成功");
    await waitFor(async () => expect(await paramsOnServer("tmp.key")).toEqual([]));
  });
});
