import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useNotification } from "@refinedev/core";
import { App } from "antd";
import { http as mock, HttpResponse } from "msw";
import { Link, Route, useLocation, useNavigate } from "react-router";
import { clearErrorLog, getErrorLog } from "../components/error-log/error-log";
import { AppLayout } from "./AppLayout";
import { renderEmpty } from "./render-empty";
import { tagStore } from "./tags";
import { renderConsole, setupResourceTest } from "../testing/harness";

// Signing out is not what these tests are about (and would leave the page): refine's logout is a no-op.
vi.mock("@refinedev/core", async (original) => ({ ...(await original<object>()), useLogout: () => ({ mutate: vi.fn() }) }));

// The administrator signed in on the real server: its name, menus and (no) top menu are the server's.
const ctx = setupResourceTest(() => import("./AppLayout"));
afterEach(() => {
  clearErrorLog();
  tagStore.reset();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error("page exploded");
}

/** A list page that writes its paging into the query, as refine's useTable does after it loads. */
function PagedPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return <button onClick={() => navigate("/system/user?currentPage=2", { replace: true })}>next page{search}</button>;
}

/** A page that reports as the kit does: refine's notification provider (saved) and the http layer's antd message (errors). */
function NotifyingPage() {
  const { open } = useNotification();
  const { message } = App.useApp();
  return (
    <>
      <button onClick={() => open?.({ type: "success", message: "操作成功" })}>save</button>
      <button onClick={() => void message.error("用户名已存在")}>fail</button>
    </>
  );
}

function renderLayout(path: string) {
  // version.json is the static file the build writes beside the console, not an answer of the API server.
  ctx.api.server.use(mock.get("/version.json", () => HttpResponse.json({ version: "0" })));
  return renderConsole(null, {
    path,
    routes: (
      <Route element={<AppLayout />}>
        <Route path="/system/user" element={<><p>users page</p><PagedPage /><Link to="/elsewhere">go elsewhere</Link></>} />
        <Route path="/elsewhere" element={<><p>elsewhere</p><Link to="/system/user">back to users</Link></>} />
        <Route path="/broken" element={<Broken />} />
        <Route path="/notify" element={<NotifyingPage />} />
      </Route>
    ),
  });
}

describe("<AppLayout>", () => {
  it("renders the whole top bar, the tag of the page and the page", async () => {
    renderLayout("/system/user");
    await screen.findByText("users page");
    // The tools after the menu search follow the first paint (TopBar.tsx).
    await screen.findByRole("button", { name: "通知" });
    for (const name of ["收起菜单", "菜单搜索", "错误日志", "锁屏", "通知"]) expect(screen.getByRole("button", { name })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "语言" })).toBeInTheDocument();
    expect(screen.getByTestId("user-menu")).toHaveTextContent("管理员");
    expect(screen.getByRole("link", { name: "Blade Console" })).toBeInTheDocument();
    expect(tagStore.list().map((t) => t.path)).toEqual(["/workbench/index", "/system/user"]);
  });

  it("opens a tag when a page opens, not again when only its query changes", async () => {
    renderLayout("/system/user");
    await screen.findByText("users page");
    // Closed while its list still writes the page number: the tag stays closed.
    act(() => void tagStore.close("/system/user", "/elsewhere"));
    fireEvent.click(screen.getByRole("button", { name: "next page" }));
    expect(screen.getByRole("button", { name: "next page?currentPage=2" })).toBeInTheDocument();
    expect(tagStore.list().map((t) => t.path)).toEqual(["/workbench/index"]);
  });

  it("keeps the sidebar collapsed when the operator collapsed it, across pages, until they expand it", async () => {
    renderLayout("/system/user");
    await screen.findByText("users page");
    fireEvent.click(screen.getByRole("button", { name: "收起菜单" }));
    expect(screen.getByRole("button", { name: "展开菜单" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "go elsewhere" }));
    await screen.findByText("elsewhere");
    expect(screen.getByRole("button", { name: "展开菜单" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "back to users" }));
    await screen.findByText("users page");
    expect(screen.getByRole("button", { name: "展开菜单" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "展开菜单" }));
    fireEvent.click(screen.getByRole("link", { name: "go elsewhere" }));
    await screen.findByText("elsewhere");
    expect(screen.getByRole("button", { name: "收起菜单" })).toBeInTheDocument();
  });

  it("records a page that fails to render and shows the fallback instead of a blank screen", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderLayout("/broken");
    await screen.findByText("页面出错了");
    expect(getErrorLog()[0]).toMatchObject({ type: "react", message: "page exploded" });
    expect(screen.getByRole("button", { name: "收起菜单" })).toBeInTheDocument();
  });

  it("shows the notice bell's tabs of the resource centre, empty while nothing is waiting", async () => {
    renderLayout("/system/user");
    fireEvent.click(await screen.findByRole("button", { name: "通知" }));
    for (const tab of ["待审批 (0)", "审批结果 (0)", "即将到期 (0)"]) expect(await screen.findByRole("tab", { name: tab })).toBeInTheDocument();
    expect(screen.getByText("暂无通知")).toBeInTheDocument();
  });
});

describe("<AppLayout> for the keyboard and screen readers", () => {
  it("offers 跳到主要内容 first, which moves the focus to the page's main region", async () => {
    renderLayout("/system/user");
    await screen.findByText("users page");
    const skip = screen.getByRole("link", { name: "跳到主要内容" });
    // First in the document: the first Tab on the page lands on it.
    expect(document.querySelector("a[href], button, input, [tabindex]:not([tabindex='-1'])")).toBe(skip);
    fireEvent.click(skip);
    const main = screen.getByRole("main");
    expect(main).toHaveFocus();
    expect(main).toContainElement(screen.getByText("users page"));
  });

  it("starts Tab from the top again when a page change took the focused element away", async () => {
    renderLayout("/system/user");
    const link = await screen.findByRole("link", { name: "go elsewhere" });
    link.focus();
    fireEvent.click(link);
    await screen.findByText("elsewhere");
    // The focus is on the empty start point just before the skip link, not on <body>.
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.nextElementSibling).toBe(screen.getByRole("link", { name: "跳到主要内容" }));
  });

  it("marks the top bar, the main menu and the open pages as landmarks", async () => {
    renderLayout("/system/user");
    await screen.findByText("users page");
    expect(screen.getByRole("banner")).toContainElement(screen.getByRole("button", { name: "锁屏" }));
    expect(screen.getByRole("navigation", { name: "主菜单" })).toContainElement((await screen.findAllByRole("menuitem"))[0]);
    expect(screen.getByRole("navigation", { name: "已打开的页面" })).toBeInTheDocument();
  });

  it("names every button of the top bar and the tag bar's close control", async () => {
    renderLayout("/system/user");
    await screen.findByText("users page");
    for (const button of within(screen.getByRole("banner")).getAllByRole("button")) expect(button).toHaveAccessibleName();
    expect(within(screen.getByRole("navigation", { name: "已打开的页面" })).getByRole("tab", { name: "关闭" })).toBeInTheDocument();
  });

  it("reads a saved status and an error out through one polite live region", async () => {
    renderLayout("/notify");
    const region = screen.getByTestId("live-region");
    expect(region).toHaveAttribute("role", "status");
    expect(region).toHaveAttribute("aria-live", "polite");
    fireEvent.click(await screen.findByRole("button", { name: "save" }));
    await within(region).findByText("操作成功");
    fireEvent.click(screen.getByRole("button", { name: "fail" }));
    await within(region).findByText("用户名已存在");
    // The toast itself sits in the region: the page shows the text once, not a hidden copy beside it.
    expect(screen.getAllByText("用户名已存在")).toHaveLength(1);
    // Said again, it is added again: a screen reader reads a repeat too.
    fireEvent.click(screen.getByRole("button", { name: "save" }));
    await vi.waitFor(() => expect(within(region).getAllByText("操作成功")).toHaveLength(2));
  });
});

describe("renderEmpty", () => {
  it("reads 暂无数据", () => {
    render(<>{renderEmpty()}</>);
    expect(screen.getByText("暂无数据")).toBeInTheDocument();
  });
});
