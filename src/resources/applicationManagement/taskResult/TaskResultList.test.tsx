/** 同步记录 against the reference server: runs in colour, filtered by status and synchroniser, a run's items as old → new. */
import { beforeAll, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentLocation, findRow, findTable, renderConsole, setupResourceTest } from "../../../testing/harness";
import { taskResultResource } from ".";
import { nextId } from "../../../../server/db/ids";
import { taskResult, taskResultItem } from "../../../../server/db/schema";

const t = setupResourceTest(() => import("./TaskResultList"));

type Task = typeof taskResult.$inferInsert;
const ids = { hq: "", branch: "", partial: "" };

/** A synchroniser through the API (the filter lists it by name). */
async function synchronizer(name: string): Promise<string> {
  const roles = await (await t.api.request("/api/blade-system/role/list", { token: t.token })).json();
  const roleId = (roles.data as { id: string; roleName: string }[]).find((r) => r.roleName === "普通用户")!.id;
  const res = await t.api.request("/api/authentication/userSynchronizers/submit", {
    token: t.token,
    json: { name, sourceType: "ldap", endpoint: "ldap://127.0.0.1:1", principal: "cn=admin,dc=example,dc=com", secret: "Secret-1", userBaseDn: "ou=people,dc=example,dc=com", roleId },
  });
  expect((await res.json()).success).toBe(true);
  const page = await (await t.api.request("/api/authentication/userSynchronizers/page", { token: t.token, query: { name } })).json();
  return (page.data.records as { id: string; name: string }[]).find((r) => r.name === name)!.id;
}

/** Runs as the engine records them (no source needed to show them). */
async function task(values: Partial<Task> & Pick<Task, "synchronizerId" | "synchronizerName" | "taskStatus" | "startTime">): Promise<string> {
  const id = nextId();
  await t.api.db.insert(taskResult).values({ id, tenantId: "000000", trigger: "manual", createTime: values.startTime, ...values });
  return id;
}

beforeAll(async () => {
  ids.hq = await synchronizer("总部LDAP");
  ids.branch = await synchronizer("分部钉钉");
  await task({ synchronizerId: ids.hq, synchronizerName: "总部LDAP", taskStatus: 1, startTime: "2026-11-20 08:00:00", endTime: "2026-11-20 08:00:05", created: 12 });
  await task({
    synchronizerId: ids.hq,
    synchronizerName: "总部LDAP",
    taskStatus: 3,
    trigger: "schedule",
    startTime: "2026-11-21 08:00:00",
    endTime: "2026-11-21 08:00:01",
    message: "无法连接同步源:connect ECONNREFUSED 127.0.0.1:1",
  });
  ids.partial = await task({ synchronizerId: ids.branch, synchronizerName: "分部钉钉", taskStatus: 2, startTime: "2026-11-22 08:00:00", endTime: "2026-11-22 08:00:09", created: 1, updated: 1, failed: 1 });
  await t.api.db.insert(taskResultItem).values([
    { id: nextId(), tenantId: "000000", taskId: ids.partial, objectType: "user", externalId: "u-1", label: "zhangsan", action: "update", changes: { realName: ["张三", "张三丰"] } },
    { id: nextId(), tenantId: "000000", taskId: ids.partial, objectType: "user", externalId: "u-2", label: "lisi", action: "create" },
    { id: nextId(), tenantId: "000000", taskId: ids.partial, objectType: "user", externalId: "u-3", label: "wangwu", action: "fail", reason: "手机号码格式不正确" },
  ]);
});

const rowsShown = async () => {
  const table = await findTable();
  return within(table).queryAllByRole("row").slice(1).filter((r) => !r.classList.contains("ant-table-placeholder"));
};

describe("Applications → 同步记录 against the reference server", () => {
  it("lists the runs newest first with their status in colour, and filters by status", async () => {
    const user = userEvent.setup();
    renderConsole(taskResultResource);
    const partial = await findRow("分部钉钉");
    expect(within(partial).getByText("部分成功")).toHaveClass("ant-tag-orange");
    expect(within(partial).getByText("更新 1")).toBeInTheDocument();
    expect(within(partial).getByText("失败 1")).toBeInTheDocument();
    const rows = await rowsShown();
    expect(rows.map((r) => within(r).getAllByRole("cell")[3].textContent)).toEqual(["2026-11-22 08:00:00", "2026-11-21 08:00:00", "2026-11-20 08:00:00"]);
    expect(within(rows[1]).getByText("失败")).toHaveClass("ant-tag-red");
    expect(within(rows[1]).getByText("定时")).toBeInTheDocument();
    expect(within(rows[2]).getByText("成功")).toHaveClass("ant-tag-green");

    await user.click(screen.getByRole("combobox", { name: "状态" }));
    await user.click(await screen.findByTitle("失败"));
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await waitFor(async () => expect(await rowsShown()).toHaveLength(1));
    expect(within((await rowsShown())[0]).getByText("2026-11-21 08:00:00")).toBeInTheDocument();
    // The search is in the address: a reload or a shared link shows the same runs.
    await waitFor(() => expect(decodeURIComponent(currentLocation())).toContain("taskStatus"));
  });

  it("filters by synchroniser, chosen by name", async () => {
    const user = userEvent.setup();
    renderConsole(taskResultResource);
    await findRow("分部钉钉");
    await user.click(screen.getByRole("combobox", { name: "同步器" }));
    await user.click(await screen.findByTitle("总部LDAP"));
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await waitFor(async () => expect(await rowsShown()).toHaveLength(2));
    for (const row of await rowsShown()) expect(within(row).getByText("总部LDAP")).toBeInTheDocument();
  });

  it("opens a run from ?taskId= with its items, each change as old → new, filtered by action", async () => {
    const user = userEvent.setup();
    renderConsole(taskResultResource, { path: `/applicationManagement/taskResult/index?taskId=${ids.partial}` });
    const drawer = await screen.findByRole("dialog", { name: "同步记录详情" });
    expect(await within(drawer).findByText("zhangsan")).toBeInTheDocument();
    expect(within(drawer).getByText("姓名: 张三 → 张三丰")).toBeInTheDocument();
    expect(within(drawer).getByText("手机号码格式不正确")).toBeInTheDocument();
    expect(within(drawer).getByText("lisi")).toBeInTheDocument();

    await user.click(within(drawer).getByText("失败", { selector: ".ant-segmented-item-label" }));
    // wangwu is among all the items too: the filter has answered once the others are gone.
    await waitFor(() => expect(within(drawer).queryByText("zhangsan")).toBeNull());
    expect(within(drawer).getByText("wangwu")).toBeInTheDocument();
    expect(within(drawer).queryByText("lisi")).toBeNull();

    await user.click(within(drawer).getByRole("button", { name: /close|关闭/i }));
    await waitFor(() => expect(currentLocation()).not.toContain("taskId"));
  });
});
