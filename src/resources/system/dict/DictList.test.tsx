/** System dictionaries against the reference server: the parent list, the entries dialog, sealing. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { dictResource } from ".";

const t = setupResourceTest(() => import("./DictList"));

const entries = async (code: string) =>
  (await (await t.api.request("/api/blade-system/dict/dictionary", { token: t.token, query: { code } })).json()).data as { dictKey: string; dictValue: string }[];

describe("System → Dictionaries against the reference server", () => {
  it("refuses an empty parent form with the §5 messages", async () => {
    const user = userEvent.setup();
    renderConsole(dictResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("字典键值")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入字典编号");
    expect(await within(dialog).findByText("请输入字典名称")).toBeInTheDocument();
  });

  it("creates a dictionary, then an entry in its entries dialog that selects then offer", async () => {
    const user = userEvent.setup();
    renderConsole(dictResource);
    await findTable();
    await user.click(await screen.findByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("字典编号"), "color");
    await user.type(within(dialog).getByLabelText("字典名称"), "颜色");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");

    const row = await findRow("color");
    await user.click(await within(row).findByRole("button", { name: /字典配置/ }));
    const entriesDialog = await screen.findByRole("dialog", { name: /颜色/ });
    await user.click(await within(entriesDialog).findByRole("button", { name: /新\s*增/ }));
    const form = (await screen.findAllByRole("dialog")).at(-1)!;
    await user.click(within(form).getByRole("button", { name: /保\s*存/ }));
    await within(form).findByText("请输入字典键值");
    await user.type(within(form).getByLabelText("字典键值"), "red");
    await user.type(within(form).getByLabelText("字典名称"), "红色");
    await user.click(within(form).getByRole("button", { name: /保\s*存/ }));
    await waitFor(async () => expect(await entries("color")).toEqual([expect.objectContaining({ dictKey: "red", dictValue: "红色" })]));
    await within(entriesDialog).findByText("红色");
  });

  it("offers neither edit nor delete for a sealed dictionary", async () => {
    await t.api.request("/api/blade-system/dict/submit", { token: t.token, json: { code: "sealed_one", dictValue: "封存的", sort: 1, isSealed: 1 } });
    renderConsole(dictResource);
    const row = await findRow("sealed_one");
    expect(await within(row).findByRole("button", { name: /字典配置/ })).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /删\s*除/ })).not.toBeInTheDocument();
  });
});
