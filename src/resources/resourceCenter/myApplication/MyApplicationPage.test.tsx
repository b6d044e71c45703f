/** 我的应用 against the reference server: cards of usable applications, 打开 records the visit, pinning. */
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { eq } from "drizzle-orm";
import { findOwnEmpty, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import { appVisitLog } from "../../../../server/db/schema";
import { grantApp, makeApp } from "../shared/testing";
import { myApplicationResource } from ".";

const t = setupResourceTest(() => import("./MyApplicationPage"));

describe("我的应用 against the reference server", () => {
  it("shows the user's applications as cards, opens one after recording the visit, and pins it as 常用应用", async () => {
    const user = userEvent.setup();
    const { id } = await t.api.createUser({ account: "mia", password: "Mia#2024x" });
    const appId = await makeApp(t.api, t.token, "crm", "客户管理");
    await makeApp(t.api, t.token, "hidden", "不可见应用");
    await grantApp(t.api, t.token, appId, id, "crmuser");
    await signIn(t.api, { account: "mia", password: "Mia#2024x" });
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    renderConsole(myApplicationResource);

    const all = await screen.findByRole("region", { name: "全部应用" });
    const card = await within(all).findByRole("article", { name: "客户管理" });
    expect(within(all).queryByText("不可见应用")).not.toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "打开" }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith("https://crm.example.com", "_blank", "noopener"));
    expect(await t.api.db.select().from(appVisitLog).where(eq(appVisitLog.appId, appId))).toHaveLength(1);

    await user.click(within(card).getByRole("button", { name: "设为常用" }));
    const pinned = screen.getByRole("region", { name: "常用应用" });
    expect(await within(pinned).findByRole("article", { name: "客户管理" })).toBeInTheDocument();
    opened.mockRestore();
  });

  it("says 暂无数据 to a user with no application, and finds nothing for an unknown name", async () => {
    const user = userEvent.setup();
    await t.api.createUser({ account: "nobody1", password: "Nobody#2024" });
    await signIn(t.api, { account: "nobody1", password: "Nobody#2024" });
    renderConsole(myApplicationResource);
    const all = await screen.findByRole("region", { name: "全部应用" });
    await findOwnEmpty(all);
    await user.type(screen.getByRole("searchbox", { name: "搜索应用名称或分类" }), "zzz{Enter}");
    await findOwnEmpty(await screen.findByRole("region", { name: "全部应用" }));
    expect(screen.queryByRole("region", { name: "常用应用" })).not.toBeInTheDocument();
  });
});
