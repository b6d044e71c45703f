import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { getAccessToken, isLocked, lockSession, saveTokens } from "../../providers/auth/session";
import { tokenResponse } from "../../providers/testing/fixtures";
import { currentLocation, renderConsole, setupResourceTest, signIn } from "../../testing/harness";
import LockPage from "./LockPage";

// Logging out ends the session on the real server.
const t = setupResourceTest();

function renderLock(from?: string) {
  renderConsole(<LockPage />, { path: "/lock", pattern: "/lock", state: from ? { from } : undefined });
}

const unlockWith = async (password: string) => {
  fireEvent.change(screen.getByLabelText("锁屏密码"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "解 锁" }));
};

describe("lock page", () => {
  it("shows the user's name and refuses a wrong password", async () => {
    saveTokens(tokenResponse({ real_name: "张三" }));
    lockSession("right");
    renderLock("/system/user");
    expect(screen.getByRole("heading", { name: "张三" })).toBeInTheDocument();
    await unlockWith("wrong");
    await screen.findByText("解锁密码错误");
    expect(isLocked()).toBe(true);
  });

  it("unlocks with the lock password and returns to the page it came from", async () => {
    saveTokens(tokenResponse());
    lockSession("right");
    renderLock("/system/user?current=2");
    await unlockWith("right");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/system/user?current=2"));
    expect(isLocked()).toBe(false);
    expect(sessionStorage.getItem("blade-lockPassword")).toBeNull();
  });

  it("follows an unlock made in another tab at once", async () => {
    saveTokens(tokenResponse());
    lockSession("right");
    renderLock("/system/user");
    expect(screen.getByRole("button", { name: "解 锁" })).toBeInTheDocument();
    // The other tab removes the shared lock; the browser tells this tab through a storage event.
    localStorage.removeItem("blade-sharedLock");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "blade-sharedLock", storageArea: localStorage }));
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/system/user"));
    expect(sessionStorage.getItem("blade-lockPassword")).toBeNull();
  });

  it("returns to the first page when it does not know where it came from, never off-site", async () => {
    saveTokens(tokenResponse());
    lockSession("right");
    renderLock("//evil.example.com/x");
    await unlockWith("right");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/workbench/index"));
  });

  it("asks for the password before trying it", async () => {
    saveTokens(tokenResponse());
    lockSession("right");
    renderLock();
    fireEvent.click(screen.getByRole("button", { name: "解 锁" }));
    await screen.findByText("锁屏密码不能为空");
  });

  it("logs out: ends the server session, clears the local one and goes to /login", async () => {
    // A session of its own: this test ends it.
    const token = await signIn(t.api);
    lockSession("right");
    renderLock();
    fireEvent.click(screen.getByRole("button", { name: "退出登录" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    // The server no longer takes the token.
    await waitFor(async () => expect((await t.api.request("/api/blade-user/info", { token })).status).toBe(401));
    expect(getAccessToken()).toBeNull();
    expect(isLocked()).toBe(false);
  });

  it("is left at once when nothing is locked", () => {
    saveTokens(tokenResponse());
    renderLock("/system/role");
    expect(currentLocation()).toBe("/system/role");
  });
});
