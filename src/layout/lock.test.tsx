import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { clearSession, isLocked, lockSession, saveTokens } from "../providers/auth/session";
import { resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { AppLayout } from "./AppLayout";
import { LockButton } from "./LockButton";
import { LockGuard } from "./LockGuard";
import { currentLocation, renderWithShell } from "./test-utils";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  clearSession();
  resetStorage();
});

/** Lets antd's form validation (promises) settle. */
const settle = () => act(async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
});

describe("lock dialog", () => {
  it("demands a non-empty lock password", async () => {
    renderWithShell(<LockButton />);
    fireEvent.click(screen.getByRole("button", { name: "锁屏" }));
    fireEvent.click(screen.getByRole("button", { name: "确 定" }));
    await screen.findByText("锁屏密码不能为空");
    expect(isLocked()).toBe(false);
    expect(sessionStorage.getItem("blade-lockPassword")).toBeNull();
  });

  it("stores the lock in session storage and opens /lock after 100 ms, remembering the page", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    saveTokens(tokenResponse());
    renderWithShell(<LockButton />, { path: "/system/user?current=2" });
    fireEvent.click(screen.getByRole("button", { name: "锁屏" }));
    fireEvent.change(screen.getByLabelText("锁屏密码"), { target: { value: "s3cret" } });
    fireEvent.click(screen.getByRole("button", { name: "确 定" }));
    await settle();

    expect(isLocked()).toBe(true);
    expect(JSON.parse(sessionStorage.getItem("blade-lock")!).content).toBe(true);
    expect(JSON.parse(sessionStorage.getItem("blade-lockPassword")!).content).toBe("s3cret");
    expect(localStorage.getItem("blade-lock")).toBeNull();

    act(() => vi.advanceTimersByTime(99));
    expect(currentLocation()).toBe("/system/user?current=2");
    act(() => vi.advanceTimersByTime(1));
    expect(currentLocation()).toBe("/lock");
  });
});

describe("lock guard", () => {
  it("sends every layout route to /lock while locked", () => {
    saveTokens(tokenResponse());
    sessionStorage.setItem("blade-lock", JSON.stringify({ dataType: "boolean", content: true, type: "session", datetime: 1 }));
    renderWithShell(<AppLayout />, { path: "/system/role", routes: <Route path="/lock" element={<p>lock page</p>} /> });
    expect(screen.getByText("lock page")).toBeInTheDocument();
  });
});

describe("<LockGuard>", () => {
  it("leads any route to /lock while locked and lets everything through otherwise", () => {
    renderWithShell(<LockGuard><p>public page</p></LockGuard>, { path: "/404", routes: <Route path="/lock" element={<p>lock page</p>} /> });
    expect(screen.getByText("public page")).toBeInTheDocument();
    cleanup();
    lockSession("pw");
    renderWithShell(<LockGuard><p>public page</p></LockGuard>, { path: "/404", routes: <Route path="/lock" element={<LockGuard><p>lock page</p></LockGuard>} /> });
    expect(screen.getByText("lock page")).toBeInTheDocument();
  });
});
