/** 我的资源 against the reference server: each granted application with where it came from. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { findRow, renderConsole, setupResourceTest, signIn } from "../../../testing/harness";
import { grantApp, makeApp } from "../shared/testing";
import { myResourcesResource } from ".";

const t = setupResourceTest(() => import("./MyResourcesPage"));

describe("我的资源 against the reference server", () => {
  it("lists an application granted through an application role, naming the role, with no end", async () => {
    const { id } = await t.api.createUser({ account: "rita", password: "Rita#2024x" });
    const appId = await makeApp(t.api, t.token, "hr", "人事系统");
    await grantApp(t.api, t.token, appId, id, "hrclerk");
    await signIn(t.api, { account: "rita", password: "Rita#2024x" });
    renderConsole(myResourcesResource);
    const row = await findRow("人事系统");
    expect(within(row).getByText("应用角色")).toBeInTheDocument();
    expect(within(row).getByText(/角色hrclerk/)).toBeInTheDocument();
    expect(within(row).getByText("-")).toBeInTheDocument();
  });

  it("shows an empty list to a user granted nothing", async () => {
    await t.api.createUser({ account: "empty1", password: "Empty#2024" });
    await signIn(t.api, { account: "empty1", password: "Empty#2024" });
    const { container } = renderConsole(myResourcesResource);
    // The table shows its empty text while loading too: wait for the answer first.
    await screen.findByRole("table", {}, { timeout: 15_000 });
    await waitFor(() => expect(container.querySelector(".ant-spin-spinning")).toBeNull());
    expect(screen.getAllByText("暂无数据").length).toBeGreaterThan(0);
  });
});
