import { afterEach, describe, expect, it, vi } from "vitest";
import { getStore, setStore } from "../storage";
import { resetStorage, tokenResponse } from "../testing/fixtures";
import {
  clearLock,
  clearSession,
  getAccessToken,
  getRefreshToken,
  getTokenAgeSeconds,
  getUserInfo,
  isLocked,
  lockSession,
  saveTokens,
  unlockSession,
} from "./session";

afterEach(() => {
  resetStorage();
  vi.useRealTimers();
});

describe("session", () => {
  it("saveTokens keeps token, refresh token and user info in local storage with their datetime", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_700_000_000_000);
    saveTokens(tokenResponse({ access_token: "a", refresh_token: "r", real_name: "张三" }));
    for (const key of ["blade-token", "blade-refreshToken", "blade-userInfo"]) {
      expect(JSON.parse(localStorage.getItem(key)!)).toMatchObject({ type: "local", datetime: 1_700_000_000_000 });
    }
    expect(getAccessToken()).toBe("a");
    expect(getRefreshToken()).toBe("r");
    expect(getUserInfo()).toMatchObject({ real_name: "张三", user_id: "1123598821738675201", datetime: 1_700_000_000_000 });
  });

  it("is empty without a session", () => {
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(getTokenAgeSeconds()).toBeNull();
  });

  it("measures the token age in seconds from its stored datetime", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000);
    saveTokens(tokenResponse());
    vi.setSystemTime(1_000_000 + 2_999_500);
    expect(getTokenAgeSeconds()).toBeCloseTo(2999.5);
  });

  it("clearSession removes token, refresh token, user, menu, permission, tags and lock but nothing else", () => {
    saveTokens(tokenResponse());
    for (const name of ["menu", "permission", "tags", "language"]) setStore({ name, content: "x" });
    lockSession("pw");
    clearSession();
    for (const name of ["token", "refreshToken", "userInfo", "menu", "permission", "tags", "lock", "lockPassword"]) {
      expect(getStore({ name }), name).toBeUndefined();
    }
    expect(getStore({ name: "language" })).toBe("x");
  });

  it("locks in session storage and unlocks only with the lock password", () => {
    expect(isLocked()).toBe(false);
    expect(() => lockSession("")).toThrow();
    lockSession("secret");
    expect(isLocked()).toBe(true);
    expect(sessionStorage.getItem("blade-lock")).not.toBeNull();
    expect(localStorage.getItem("blade-lock")).toBeNull();
    expect(unlockSession("wrong")).toBe(false);
    expect(isLocked()).toBe(true);
    expect(unlockSession("secret")).toBe(true);
    expect(isLocked()).toBe(false);
    lockSession("again");
    clearLock();
    expect(isLocked()).toBe(false);
  });
});
