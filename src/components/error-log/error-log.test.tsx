import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { capture, renderConsole, setupResourceTest } from "../../testing/harness";
import { ErrorLogButton } from "../../layout/ErrorLogButton";
import { ErrorBoundary } from "./ErrorBoundary";
import { clearErrorLog, getErrorLog, installErrorCapture, recordError, type ErrorLogEntry } from "./error-log";

// The upload goes to the real server as the signed-in administrator.
const t = setupResourceTest();
afterEach(() => {
  clearErrorLog();
  vi.restoreAllMocks();
});

const fill = (n: number) => {
  for (let i = 0; i < n; i++) recordError({ message: `boom ${i}` });
};

describe("error capture", () => {
  it("records window errors and unhandled rejections with type, message, stack, info, url and time", () => {
    const uninstall = installErrorCapture();
    const error = new Error("kaput");
    window.dispatchEvent(new ErrorEvent("error", { error, message: "kaput", filename: "app.js", lineno: 3, colno: 7 }));
    const rejection = new Event("unhandledrejection") as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new TypeError("no such thing") });
    window.dispatchEvent(rejection);
    uninstall();
    window.dispatchEvent(new ErrorEvent("error", { message: "after uninstall" }));

    const log = getErrorLog();
    expect(log.map((e) => [e.type, e.message])).toEqual([["error", "kaput"], ["unhandledrejection", "no such thing"]]);
    expect(log[0].stack).toContain("kaput");
    expect(log[0].info).toBe("app.js:3:7");
    expect(log[0].url).toBe(window.location.href);
    expect(log[0].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(localStorage.getItem("blade-errorLog")!).content).toHaveLength(2);
  });

  it("records render errors caught by the boundary around the page, with the component stack", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error("render failed");
    }
    render(<ErrorBoundary fallback={() => <p>fallback</p>}><Broken /></ErrorBoundary>);
    expect(screen.getByText("fallback")).toBeInTheDocument();
    const [entry] = getErrorLog();
    expect(entry).toMatchObject({ type: "react", message: "render failed" });
    expect(entry.info).toContain("Broken");
  });

  it("ignores benign browser noise", () => {
    recordError({ message: "ResizeObserver loop completed with undelivered notifications." });
    expect(getErrorLog()).toEqual([]);
  });
});

describe("error-log button and dialog", () => {
  it("counts entries on the badge up to 99, then shows 99+", () => {
    fill(99);
    renderConsole(<ErrorLogButton />);
    expect(document.querySelector(".ant-badge")?.textContent).toContain("99");
    expect(document.querySelector(".ant-badge")?.textContent).not.toContain("99+");
    act(() => fill(1));
    expect(document.querySelector(".ant-badge")?.textContent).toContain("99+");
  });

  it("lists the entries and uploads them after confirmation, then says 发送成功!", async () => {
    const uploads = capture(t.api.server, "/blade-log/error/upload");
    recordError({ message: "first", stack: "at a()", info: "x", url: "http://localhost/a", type: "error" });
    renderConsole(<ErrorLogButton />);
    fireEvent.click(screen.getByRole("button", { name: "错误日志" }));
    await screen.findByRole("columnheader", { name: "类型" });
    for (const header of ["类型", "地址", "内容", "错误堆栈", "时间"]) expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    expect(screen.getByText("first")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "上传服务器" }));
    await screen.findByText("确定上传本地日志到服务器?");
    await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "确 定" }).at(-1)!));
    await screen.findByText("发送成功!");
    const { logs } = uploads[0].body as { logs: ErrorLogEntry[] };
    expect(logs).toEqual([expect.objectContaining({ type: "error", url: "http://localhost/a", message: "first", stack: "at a()", info: "x" })]);
    expect(typeof logs[0].time).toBe("string");
    expect(getErrorLog()).toEqual([]);
  });

  it("clears after confirmation and says 清空成功!", async () => {
    fill(3);
    renderConsole(<ErrorLogButton />);
    fireEvent.click(screen.getByRole("button", { name: "错误日志" }));
    fireEvent.click(await screen.findByRole("button", { name: "清空本地日志" }));
    await screen.findByText("确定清空本地日志记录?");
    await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "确 定" }).at(-1)!));
    await screen.findByText("清空成功!");
    expect(getErrorLog()).toEqual([]);
  });
});
