import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { clearSession, isLocked, lockSession, saveTokens, unlockSession } from "../providers/auth/session";
import { resetStorage, tokenResponse } from "../providers/testing/fixtures";
import { AppLayout } from "./AppLayout";
import { LockButton } from "./LockButton";
import { LockGuard } from "./LockGuard";
import { currentLocation, renderConsole } from "../testing/harness";

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
    renderConsole(<LockButton />, { path: "/workbench/index" });
    fireEvent.click(screen.getByRole("button", { name: "锁屏" }));
    // The dialog's code loads at its first opening.
    fireEvent.click(await screen.findByRole("button", { name: "确 定" }));
    await screen.findByText("锁屏密码不能为空");
    expect(isLocked()).toBe(false);
    expect(sessionStorage.getItem("blade-lockPassword")).toBeNull();
  });

  it("stores the lock in session storage and opens /lock after 100 ms, remembering the page", async () => {
    saveTokens(tokenResponse());
    renderConsole(<LockGuard><LockButton /></LockGuard>, { path: "/system/user?current=2", routes: <Route path="/lock" element={<p>lock page</p>} /> });
    fireEvent.click(screen.getByRole("button", { name: "锁屏" }));
    const password = await screen.findByLabelText("锁屏密码");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.change(password, { target: { value: "s3cret" } });
    fireEvent.click(screen.getByRole("button", { name: "确 定" }));
    await settle();

    expect(isLocked()).toBe(true);
    expect(JSON.parse(sessionStorage.getItem("blade-lock")!).content).toBe(true);
    expect(JSON.parse(sessionStorage.getItem("blade-lockPassword")!).content).toBe("s3cret");
    expect(localStorage.getItem("blade-lock")).toBeNull();
    // The other tabs learn of the lock from local storage, which never holds the password itself.
    expect(localStorage.getItem("blade-sharedLock")).not.toBeNull();
    expect(Object.values(localStorage).join("")).not.toContain("s3cret");

    act(() => vi.advanceTimersByTime(99));
    expect(currentLocation()).toBe("/system/user?current=2");
    act(() => vi.advanceTimersByTime(1));
    expect(currentLocation()).toBe("/lock");
  });
});

/** Another tab of the browser locks: its session storage is its own, local storage is shared. */
function lockInAnotherTab(password: string) {
  lockSession(password);
  sessionStorage.clear();
}

/** What the browser does in every other tab when local storage changes. */
const storageEventFromAnotherTab = (key: string) => act(() => {
  window.dispatchEvent(new StorageEvent("storage", { key, storageArea: localStorage }));
});

describe("lock guard", () => {
  it("sends every layout route to /lock while locked", () => {
    saveTokens(tokenResponse());
    lockSession("pw");
    renderConsole(<AppLayout />, { path: "/system/role", routes: <Route path="/lock" element={<p>lock page</p>} /> });
    expect(screen.getByText("lock page")).toBeInTheDocument();
  });

  it("holds a tab opened after another tab locked", () => {
    saveTokens(tokenResponse());
    lockInAnotherTab("pw");
    renderConsole(<AppLayout />, { path: "/system/role", routes: <Route path="/lock" element={<p>lock page</p>} /> });
    expect(screen.getByText("lock page")).toBeInTheDocument();
  });

  it("sends an open tab to /lock at once when another tab locks", () => {
    saveTokens(tokenResponse());
    renderConsole(<LockGuard><p>user list</p></LockGuard>, { path: "/system/user", routes: <Route path="/lock" element={<p>lock page</p>} /> });
    expect(screen.getByText("user list")).toBeInTheDocument();
    lockInAnotherTab("pw");
    storageEventFromAnotherTab("blade-sharedLock");
    expect(screen.getByText("lock page")).toBeInTheDocument();
    expect(screen.queryByText("user list")).toBeNull();
  });

  it("unlocks every tab with the lock password typed in any of them, and sign-out drops the lock", () => {
    lockInAnotherTab("pw");
    expect(isLocked()).toBe(true);
    expect(unlockSession("wrong")).toBe(false);
    expect(isLocked()).toBe(true);
    expect(unlockSession("pw")).toBe(true);
    expect(isLocked()).toBe(false);
    lockInAnotherTab("pw");
    clearSession();
    expect(isLocked()).toBe(false);
  });
});

describe("<LockGuard>", () => {
  it("leads any route to /lock while locked and lets everything through otherwise", () => {
    renderConsole(<LockGuard><p>public page</p></LockGuard>, { path: "/404", routes: <Route path="/lock" element={<p>lock page</p>} /> });
    expect(screen.getByText("public page")).toBeInTheDocument();
    cleanup();
    lockSession("pw");
    renderConsole(<LockGuard><p>public page</p></LockGuard>, { path: "/404", routes: <Route path="/lock" element={<LockGuard><p>lock page</p></LockGuard>} /> });
    expect(screen.getByText("lock page")).toBeInTheDocument();
  });
});
