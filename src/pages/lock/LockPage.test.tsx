import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes } from "react-router";
import { getAccessToken, isLocked, lockSession, saveTokens } from "../../providers/auth/session";
import { createTestServer, resetStorage, tokenResponse } from "../../providers/testing/fixtures";
import { LocationProbe, currentLocation } from "../../layout/test-utils";
import LockPage from "./LockPage";

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetStorage();
});

function renderLock(from?: string) {
  render(
    <MemoryRouter initialEntries={[{ pathname: "/lock", state: from ? { from } : undefined }]}>
      <Routes>
        <Route path="/lock" element={<LockPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
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
    expect(await screen.findByTestId("location")).toHaveTextContent("/system/user?current=2");
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
    expect(await screen.findByTestId("location")).toHaveTextContent("/system/user");
    expect(sessionStorage.getItem("blade-lockPassword")).toBeNull();
  });

  it("returns to the first page when it does not know where it came from, never off-site", async () => {
    saveTokens(tokenResponse());
    lockSession("right");
    renderLock("//evil.example.com/x");
    await unlockWith("right");
    expect(await screen.findByTestId("location")).toHaveTextContent("/workbench/index");
  });

  it("asks for the password before trying it", async () => {
    saveTokens(tokenResponse());
    lockSession("right");
    renderLock();
    fireEvent.click(screen.getByRole("button", { name: "解 锁" }));
    await screen.findByText("锁屏密码不能为空");
  });

  it("logs out: ends the server session, clears the local one and goes to /login", async () => {
    let loggedOut = false;
    server.use(mock.get("/api/blade-auth/oauth/logout", () => {
      loggedOut = true;
      return HttpResponse.json({ success: "true", msg: "success" });
    }));
    saveTokens(tokenResponse());
    lockSession("right");
    renderLock();
    fireEvent.click(screen.getByRole("button", { name: "退出登录" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/login");
    expect(loggedOut).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(isLocked()).toBe(false);
  });

  it("is left at once when nothing is locked", () => {
    saveTokens(tokenResponse());
    renderLock("/system/role");
    expect(currentLocation()).toBe("/system/role");
  });
});
