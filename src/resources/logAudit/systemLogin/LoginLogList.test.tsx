/** The sign-in log against the reference server: a long user agent never pushes the time out of sight. */
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { clippedCell, columnWidth, expectBoundedTable } from "../../../components/table-columns.testing";
import { loginLogResource } from ".";

const t = setupResourceTest(() => import("./LoginLogList"));

/** A user agent of 400-odd characters, as some embedded browsers and API clients send. */
const LONG_AGENT = `Mozilla/5.0 (X11; Linux x86_64) ${"AppleWebKit/537.36 (KHTML, like Gecko) ".repeat(10)}Chrome/156.0 Safari/537.36`;

describe("Log audit → Sign-in log", () => {
  it("cuts a long user agent (whole in a tooltip) and keeps the sign-in time whole and in sight", async () => {
    await t.api.createUser({ account: "longagent", password: "Passw0rd!x" });
    await t.api.login("longagent", "Passw0rd!x", { headers: { "User-Agent": LONG_AGENT } });
    const user = userEvent.setup();
    renderConsole(loginLogResource);
    const row = await findRow("longagent");

    expectBoundedTable(row);
    expect(columnWidth(row, "登录时间")).toBe("180px");
    expect(columnWidth(row, "客户端")).toBe("260px");
    // The time stays at the right edge however wide the table is.
    const time = within(row).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(time.closest("td")?.className).toContain("ant-table-cell-fix-right");

    await user.hover(clippedCell(row, LONG_AGENT));
    expect(await screen.findByRole("tooltip")).toHaveTextContent(LONG_AGENT);
  });
});
