import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import type { MenuNode } from "../../../domain/contract";
import { resetStorage } from "../testing/fixtures";
import { getMenu, getPermissions, leafCodes, setMenu, setPermissionTree, subscribe, useMenu, usePermissions } from "./menu-store";
import { clearSession } from "./session";

afterEach(() => {
  clearSession();
  resetStorage();
});

const node = (code: string, children?: MenuNode[]): MenuNode => ({
  id: code,
  parentId: "0",
  code,
  name: code,
  alias: code,
  path: `/${code}`,
  source: "",
  sort: 1,
  category: children ? 1 : 2,
  action: 0,
  isOpen: 1,
  children,
});

const buttons = [
  node("system", [node("user", [node("user_add"), node("user_edit"), node("user_delete")]), node("role", [node("role_add")])]),
  node("lonely_leaf"),
  node("empty_children", []),
];

describe("menu store", () => {
  it("grants every leaf code of the buttons tree and no inner node", () => {
    expect(leafCodes(buttons).sort()).toEqual(["empty_children", "lonely_leaf", "role_add", "user_add", "user_delete", "user_edit"]);
    setPermissionTree(buttons);
    const granted = getPermissions();
    expect(granted.has("user_add")).toBe(true);
    expect(granted.has("user")).toBe(false);
    expect(granted.has("system")).toBe(false);
    expect(JSON.parse(localStorage.getItem("blade-permission")!).content).toHaveLength(6);
  });

  it("keeps the menu in client storage and returns stable snapshots", () => {
    expect(getMenu()).toEqual([]);
    setMenu([node("user")]);
    expect(getMenu().map((n) => n.code)).toEqual(["user"]);
    expect(getMenu()).toBe(getMenu());
    expect(getPermissions()).toBe(getPermissions());
  });

  it("notifies subscribers on changes, including a cleared session", () => {
    const listener = vi.fn();
    const off = subscribe(listener);
    setMenu([node("a")]);
    setPermissionTree([node("b")]);
    clearSession();
    expect(listener.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(getMenu()).toEqual([]);
    expect(getPermissions().size).toBe(0);
    off();
    listener.mockReset();
    setMenu([node("c")]);
    expect(listener).not.toHaveBeenCalled();
  });

  it("useMenu and usePermissions re-render React components", () => {
    function Probe() {
      const menu = useMenu();
      const perms = usePermissions();
      return <span data-testid="p">{`${menu.map((m) => m.code).join(",")}|${[...perms].join(",")}`}</span>;
    }
    render(<Probe />);
    expect(screen.getByTestId("p").textContent).toBe("|");
    act(() => {
      setMenu([node("user"), node("role")]);
      setPermissionTree([node("user", [node("user_add")])]);
    });
    expect(screen.getByTestId("p").textContent).toBe("user,role|user_add");
    act(() => clearSession());
    expect(screen.getByTestId("p").textContent).toBe("|");
  });
});
