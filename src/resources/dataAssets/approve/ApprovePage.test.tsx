/** 授权审批 against the reference server: a pending item is approved or rejected, and stays so. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { SAMPLE_APPROVALS } from "../../../../domain/resources/dataAssets/sample/data";
import { dataAuthApproveResource } from ".";

const t = setupResourceTest(() => import("./ApprovePage"));

/** The item's status as the server answers it now (what a reload would show). */
const statusOnServer = async (id: string) => {
  const res = await t.api.request("/api/blade-sample/approval/page", { token: t.token, query: { size: "50" } });
  const body = (await res.json()) as { data: { records: { id: string; status: string }[] } };
  return body.data.records.find((r) => r.id === id)?.status;
};

describe("授权审批", () => {
  it("approves one pending item and rejects another after a confirmation; the server keeps both decisions", async () => {
    const [first, second] = SAMPLE_APPROVALS;
    const user = userEvent.setup();
    renderConsole(dataAuthApproveResource);

    const row = await findRow(first.projectName);
    expect(within(row).getByText("待审批")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: /通\s*过/ }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getAllByText(`确定通过「${first.projectName}」的授权申请?`).length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("审批完成");
    await waitFor(async () => expect(within(await findRow(first.projectName)).getByText("已通过")).toBeInTheDocument());
    // Decided: no action left on it.
    expect(within(await findRow(first.projectName)).queryByRole("button", { name: /通\s*过/ })).toBeNull();
    expect(await statusOnServer(first.id)).toBe("approved");

    await user.click(within(await findRow(second.projectName)).getByRole("button", { name: /驳\s*回/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: /确\s*定/ }));
    await waitFor(async () => expect(within(await findRow(second.projectName)).getByText("已驳回")).toBeInTheDocument());
    expect(await statusOnServer(second.id)).toBe("rejected");
  });
});
