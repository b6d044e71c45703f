import { afterEach, describe, expect, it } from "vitest";
import { resetStorage } from "../../providers/testing/fixtures";
import type { MenuNode } from "../../../domain/contract";
import { setMenu } from "../../providers/auth/menu-store";
import { needsRegistration, rememberIntendedPath, safeLocalPath, takeIntendedPath } from "./sign-in";

afterEach(() => resetStorage());

const menuNode = (path: string): MenuNode => ({
  id: path, parentId: "0", code: path, name: path, alias: "menu", path, source: "", sort: 1, category: 1, action: 0, isOpen: 1,
});

describe("needsRegistration (§2: no valid user id)", () => {
  it("is true for an empty or negative id and false for a real one", () => {
    for (const id of ["", "-1", " -1 ", "-5", "null"]) expect(needsRegistration({ user_id: id }), id).toBe(true);
    for (const id of ["1123598821738675201", "0", "42"]) expect(needsRegistration({ user_id: id }), id).toBe(false);
    expect(needsRegistration(null)).toBe(false);
  });
});

describe("intended path after sign-in", () => {
  it("keeps same-origin relative paths only", () => {
    expect(safeLocalPath("/system/user?current=2#x")).toBe("/system/user?current=2#x");
    for (const p of ["//evil.example.net/x", "/\\evil.example.net", "https://evil.example.net/", "javascript:alert(1)", "system/user", "/\t/evil.example.net", "/login", "/oauth/callback/github", 42, null]) {
      expect(safeLocalPath(p), String(p)).toBeNull();
    }
  });

  it("is taken once, falling back to the home page", () => {
    setMenu([menuNode("/system/dept")]);
    rememberIntendedPath("/system/dept");
    expect(takeIntendedPath()).toBe("/system/dept");
    expect(takeIntendedPath()).toBe("/workbench/index");
    rememberIntendedPath("//evil.example.net");
    expect(takeIntendedPath()).toBe("/workbench/index");
  });

  it("drops a page outside the new user's menu (another account signed in after a logout)", () => {
    setMenu([menuNode("/workbench/index")]);
    rememberIntendedPath("/system/user?current=1");
    expect(takeIntendedPath()).toBe("/workbench/index");
    rememberIntendedPath("/personCenter/index");
    expect(takeIntendedPath()).toBe("/personCenter/index");
  });
});
