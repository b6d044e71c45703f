/** The dashboard against the reference server: each card while loading, with nothing to show, failed and retried, and with real figures. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { findOwnEmpty, renderConsole, setupResourceTest } from "../../../testing/harness";
import type { BaseInfo } from "./useDashboard";
import { dashboardResource } from ".";

// jsdom has no canvas for AntV G2: a chart stands in as the data it was given, which is what the
// card decides its state on. The states around it are the page's own.
vi.mock("@ant-design/charts", () => {
  const chart = (name: string) =>
    function Chart({ data }: { data: unknown[] }) {
      return <pre data-testid={`chart-${name}`}>{JSON.stringify(data)}</pre>;
    };
  return { Line: chart("line"), Column: chart("column"), Bar: chart("bar"), Pie: chart("pie") };
});

const t = setupResourceTest(() => import("./DashboardPage"));
// A test's stand-in answers never outlive it, even when it fails half-way.
afterEach(() => t.api.server.resetHandlers());

const DASHBOARD = "*/api/blade-system/dashboard";

/** The card titled `title` (a statistic's or a chart's), once the page has rendered it. */
const card = async (title: string) => (await screen.findByText(title, {}, { timeout: 15_000 })).closest(".ant-card") as HTMLElement;

const serverFigures = async (): Promise<BaseInfo> =>
  ((await (await t.api.request("/api/blade-system/dashboard/baseInfo", { token: t.token })).json()) as { data: BaseInfo }).data;

describe("仪表盘 against the reference server", () => {
  it("shows skeletons while the figures load, then the server's own numbers", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Held until the test lets it go, then passed on to the server (a handler that answers nothing falls through).
    t.api.server.use(http.get(`${DASHBOARD}/baseInfo`, async () => void (await gate)));
    renderConsole(dashboardResource);
    const users = await card("用户总数");
    await waitFor(() => expect(users.querySelector(".ant-skeleton")).not.toBeNull());
    release();
    const expected = await serverFigures();
    expect(expected.userCount).toBeGreaterThan(0);
    await waitFor(() => expect(users.querySelector(".ant-skeleton")).toBeNull());
    expect(within(users).getByText(String(expected.userCount))).toBeInTheDocument();
    expect(within(await card("部门总数")).getByText(String(expected.deptCount))).toBeInTheDocument();
  });

  it("says 暂无数据 where the logs hold nothing yet, and charts the first application visit", async () => {
    renderConsole(dashboardResource);
    const top10 = await card("应用访问TOP10（近30天）");
    const hours = await card("应用访问时段分布（近7天）");
    await findOwnEmpty(top10);
    await findOwnEmpty(hours);
    expect(within(top10).queryByTestId("chart-bar")).toBeNull();

    const created = await t.api.request("/api/authentication/app/insert", {
      token: t.token,
      json: { appName: "仪表盘应用", appCode: "dash", appUrl: "https://dash.example.com" },
    });
    const appId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await t.api.request("/api/authentication/app/visit", { token: t.token, query: { id: appId } })).status).toBe(200);

    // Opened again (a fresh query cache): the visit is in the ranking and in its hour.
    cleanup();
    renderConsole(dashboardResource);
    const ranked = await within(await card("应用访问TOP10（近30天）")).findByTestId("chart-bar");
    expect(JSON.parse(ranked.textContent!)).toEqual([expect.objectContaining({ appId, appName: "仪表盘应用", count: 1 })]);
    const byHour = JSON.parse((await within(await card("应用访问时段分布（近7天）")).findByTestId("chart-column")).textContent!) as { count: number }[];
    expect(byHour.reduce((sum, h) => sum + h.count, 0)).toBe(1);
  });

  it("shows a failed card with a retry that loads it, and a failed headline with its own retry", async () => {
    // A stub: the reference server cannot be made to fail these reads on demand.
    t.api.server.use(
      http.get(`${DASHBOARD}/userAuthTrend`, () => HttpResponse.json({ code: 500, success: false, msg: "服务器异常", data: null }, { status: 500 })),
      http.get(`${DASHBOARD}/baseInfo`, () => HttpResponse.json({ code: 500, success: false, msg: "服务器异常", data: null }, { status: 500 })),
    );
    const user = userEvent.setup();
    renderConsole(dashboardResource);
    const trend = await card("用户认证趋势（近30天）");
    await within(trend).findByText("统计数据加载失败");
    expect(within(trend).queryByTestId("chart-line")).toBeNull();
    const headline = (await screen.findAllByText("统计数据加载失败")).find((el) => !trend.contains(el))!;
    expect(headline).toBeDefined();

    t.api.server.resetHandlers();
    await user.click(within(trend).getByRole("button", { name: /重\s*试/ }));
    const line = await within(trend).findByTestId("chart-line");
    // The server's 30 days, each as a success and a failure point.
    expect((JSON.parse(line.textContent!) as unknown[]).length).toBe(60);
    expect(within(trend).queryByText("统计数据加载失败")).toBeNull();

    const alert = headline.closest(".ant-alert") as HTMLElement;
    await user.click(within(alert).getByRole("button", { name: /重\s*试/ }));
    const expected = await serverFigures();
    await waitFor(() => expect(screen.queryByText("统计数据加载失败")).toBeNull());
    expect(await within(await card("用户总数")).findByText(String(expected.userCount))).toBeInTheDocument();
  });
});
