/**
 * A log page keeps its search, page and size in the URL (a reload or a shared link shows the same
 * rows, the form filled as it was) and says what was searched when nothing matches. Shown on the
 * sign-in log against the reference server.
 */
import { describe, expect, it } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findRow, findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { loginLogResource } from "../systemLogin";

const t = setupResourceTest(() => import("../systemLogin/LoginLogList"));

const searchForm = () => document.querySelector("form#loginLog-search") as HTMLElement;

describe("A log's search in the URL", () => {
  it("survives a reload: the same rows, the account, the result and the time range filled again", async () => {
    for (const account of ["urlkeep1", "urldrop1"]) {
      await t.api.createUser({ account, password: "Passw0rd!x" });
      await t.api.login(account, "Passw0rd!x");
    }
    const user = userEvent.setup();
    renderConsole(loginLogResource);
    await findRow("urldrop1");
    await user.type(within(searchForm()).getByLabelText("账号"), "urlkeep1");
    await user.click(within(searchForm()).getByLabelText("登录结果"));
    await user.click(await screen.findByTitle("成功"));
    await user.click(within(searchForm()).getByRole("button", { name: /搜\s*索/ }));
    await waitFor(() => expect(screen.queryByText("urldrop1")).not.toBeInTheDocument());
    await waitFor(() => expect(decodeURIComponent(window.location.search)).toContain("urlkeep1"));
    expect(window.location.search).toMatch(/currentPage=1/);

    // The link as it would be shared, with a time range added to it.
    const link = `${window.location.search}&filters[9][field]=createTime_dategt&filters[9][operator]=eq&filters[9][value]=2000-01-01 00:00:00`;
    cleanup();
    renderConsole(loginLogResource, { path: `${loginLogResource.path}${link}` });
    await findRow("urlkeep1");
    expect(within(await findTable()).queryByText("urldrop1")).not.toBeInTheDocument();
    expect(within(searchForm()).getByLabelText("账号")).toHaveValue("urlkeep1");
    expect(within(searchForm()).getByTitle("成功")).toBeInTheDocument();
    expect(within(searchForm()).getByDisplayValue("2000-01-01 00:00:00")).toBeInTheDocument();
  });

  it("says what was searched when nothing matches, and clears the search on request", async () => {
    const user = userEvent.setup();
    renderConsole(loginLogResource);
    await within(await findTable()).findAllByText("admin");
    await user.type(within(searchForm()).getByLabelText("账号"), "nobody-here{Enter}");
    const empty = await screen.findByTestId("no-match");
    expect(empty).toHaveTextContent("没有符合「账号：nobody-here」的数据");
    await user.click(within(empty).getByRole("button", { name: "清空筛选" }));
    await within(await findTable()).findAllByText("admin");
    expect(within(searchForm()).getByLabelText("账号")).toHaveValue("");
  });
});
