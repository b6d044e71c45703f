/** 资源申请 against the reference server: the directory tree, 申请 with reason and duration, 撤回. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import { appDirectory, appDirectoryApp } from "../../../../server/db/schema";
import { nextId } from "../../../../server/db/ids";
import { makeApp } from "../shared/testing";
import { resourceApplicationResource } from ".";

const t = setupResourceTest(() => import("./ResourceApplicationPage"));

describe("资源申请 against the reference server", () => {
  it("requests an application from a directory for 30 days, shows it 待审批, and withdraws it after a confirmation", async () => {
    const user = userEvent.setup();
    await t.api.createUser({ account: "reqa", password: "Reqa#2024x" });
    const appId = await makeApp(t.api, t.token, "wiki", "知识库");
    // Directories are the 资源目录 screen's (another page): their rows are written as it would.
    const dirId = nextId();
    await t.api.db.insert(appDirectory).values({ id: dirId, tenantId: "000000", directoryName: "协同办公", directoryCode: "office" });
    await t.api.db.insert(appDirectoryApp).values({ id: nextId(), tenantId: "000000", directoryId: dirId, appId });
    await signIn(t.api, { account: "reqa", password: "Reqa#2024x" });
    renderConsole(resourceApplicationResource);

    await user.click(await screen.findByText("协同办公", {}, { timeout: 15_000 }));
    await user.click(await screen.findByRole("button", { name: "申请 知识库" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText("请输入申请理由")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("申请理由"), "写文档");
    await user.click(within(dialog).getByLabelText("30天"));
    await user.click(within(dialog).getByRole("button", { name: /确\s*定|OK/ }));
    await screen.findByText("申请已提交");

    const row = await findRow("写文档");
    expect(within(row).getByText("待审批")).toBeInTheDocument();
    expect(within(row).getByText("30天")).toBeInTheDocument();
    expect(await screen.findByText("已申请")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "撤回" }));
    await user.click(await screen.findByRole("button", { name: /确\s*定|OK/ }));
    await screen.findByText("申请已撤回");
    await waitFor(async () => expect(within(await findRow("写文档")).getByText("已撤回")).toBeInTheDocument());
  });

  it("hides a stopped directory: with none started there is nothing to request from", async () => {
    await t.api.db.update(appDirectory).set({ status: 0 });
    await t.api.createUser({ account: "reqb", password: "Reqb#2024x" });
    await signIn(t.api, { account: "reqb", password: "Reqb#2024x" });
    renderConsole(resourceApplicationResource);
    expect(await screen.findByText("没有可申请的目录", {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
