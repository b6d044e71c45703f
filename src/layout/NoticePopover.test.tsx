/** The notice bell against the reference server: the resource centre's real notices, unread per user, each opening its page. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { capture, currentLocation, renderConsole, setupResourceTest, signIn } from "../testing/harness";
import { NoticePopover } from "./NoticePopover";
import "./i18n";

const t = setupResourceTest();

/** The number on the bell's badge ("" when there is none). */
const badge = () => document.querySelector(".ant-badge-count")?.getAttribute("title") ?? "";
const bell = () => screen.findByRole("button", { name: "通知" });

async function makeRequest() {
  const { id: askerId } = await t.api.createUser({ account: "asker", password: "Asker#2024x", realName: "申请人丁", roleAliases: ["user"] });
  const made = await t.api.request("/api/authentication/app/insert", { token: t.token, json: { appName: "报销系统", appCode: "expense", appUrl: "https://expense.example.com" } });
  const appId = ((await made.json()) as { data: { id: string } }).data.id;
  const asker = (await t.api.login("asker", "Asker#2024x")).access_token;
  const sent = await t.api.request("/api/authentication/resourceApplication/submit", { token: asker, json: { appId, reason: "报销", durationDays: 7 } });
  return { askerId, requestId: ((await sent.json()) as { data: { id: string } }).data.id };
}

describe("the notice bell", () => {
  it("tells an approver of a request waiting for them, marks it read when opened, and a requester of its decision and its grant's end", async () => {
    const user = userEvent.setup();
    const { requestId } = await makeRequest();
    const calls = capture(t.api.server, "/authentication/resourceNotice/list");

    const admin = renderConsole(<NoticePopover />, { path: "/workbench/index" });
    await waitFor(() => expect(badge()).toBe("1"));
    expect(calls).toHaveLength(1);
    await user.click(await bell());
    const pop = await screen.findByRole("tabpanel");
    expect(await within(pop).findByText("申请人丁 申请使用「报销系统」")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "待审批 (1)" })).toBeInTheDocument();
    // Opening asks once more and marks what it shows as read.
    expect(calls).toHaveLength(2);
    await waitFor(() => expect(badge()).toBe(""));
    await user.click(within(pop).getByRole("button", { name: /申请人丁 申请使用「报销系统」/ }));
    await waitFor(() => expect(currentLocation()).toBe("/resourceCenter/approvalManagement/index"));
    admin.unmount();

    const approved = await t.api.request("/api/authentication/approvalManagement/approve", { token: t.token, json: { id: requestId, comment: "同意" } });
    expect(approved.status).toBe(200);

    await signIn(t.api, { account: "asker", password: "Asker#2024x" });
    const asker = renderConsole(<NoticePopover />, { path: "/workbench/index" });
    await waitFor(() => expect(badge()).toBe("2"));
    await user.click(await bell());
    expect(await screen.findByRole("tab", { name: "审批结果 (1)", selected: true })).toBeInTheDocument();
    const decided = await screen.findByRole("button", { name: /「报销系统」的申请已通过/ });
    expect(decided.querySelector(".ant-badge-dot")).not.toBeNull();
    await user.click(screen.getByRole("tab", { name: "即将到期 (1)" }));
    const ending = await screen.findByRole("button", { name: /「报销系统」的使用权将于 .* 到期/ });
    await waitFor(() => expect(badge()).toBe(""));
    await user.click(ending);
    await waitFor(() => expect(currentLocation()).toBe("/resourceCenter/myResources/index"));
    asker.unmount();

    // Read stays read for this user on the next visit (kept in the browser, per user): no badge, no dots.
    renderConsole(<NoticePopover />, { path: "/workbench/index" });
    await user.click(await bell());
    const again = await screen.findByRole("button", { name: /「报销系统」的申请已通过/ });
    expect(again.querySelector(".ant-badge-dot")).toBeNull();
    expect(badge()).toBe("");
    // One call when mounted and one when opened, each time: the bell does not poll.
    expect(calls).toHaveLength(6);
  });
});
