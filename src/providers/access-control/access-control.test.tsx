import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import type { CanParams } from "@refinedev/core";
import { setPermissionCodes } from "../auth/menu-store";
import { clearSession } from "../auth/session";
import { resetStorage } from "../testing/fixtures";
import { accessControlProvider, hasPermission, usePermission } from "./index";

afterEach(() => {
  clearSession();
  resetStorage();
});

const userResource = {
  name: "user",
  meta: { permissions: { create: "user_add", edit: "user_edit", delete: "user_delete", show: "user_view" } },
};

const can = (action: string, resource?: CanParams["params"]) =>
  accessControlProvider.can({ resource: "user", action, params: resource === undefined ? undefined : resource });

describe("accessControlProvider.can", () => {
  it("answers from the granted codes when the descriptor names a code", async () => {
    setPermissionCodes(["user_add", "user_view"]);
    await expect(can("create", { resource: userResource })).resolves.toEqual({ can: true });
    await expect(can("show", { resource: userResource })).resolves.toEqual({ can: true });
    await expect(can("edit", { resource: userResource })).resolves.toEqual({ can: false });
    await expect(can("delete", { resource: userResource, id: "1" })).resolves.toEqual({ can: false });
  });

  it("allows actions without a named code", async () => {
    await expect(can("list", { resource: userResource })).resolves.toEqual({ can: true });
    await expect(can("create", { resource: { name: "post" } })).resolves.toEqual({ can: true });
    await expect(can("create")).resolves.toEqual({ can: true });
  });

  it("follows permission changes immediately (no stale answer after a logout)", async () => {
    setPermissionCodes(["user_edit"]);
    await expect(can("edit", { resource: userResource })).resolves.toEqual({ can: true });
    clearSession();
    await expect(can("edit", { resource: userResource })).resolves.toEqual({ can: false });
  });
});

describe("hasPermission / usePermission", () => {
  it("hasPermission reads the menu store", () => {
    expect(hasPermission("user_add")).toBe(false);
    setPermissionCodes(["user_add"]);
    expect(hasPermission("user_add")).toBe(true);
  });

  it("usePermission re-renders when permissions change", () => {
    function Button() {
      return usePermission("user_export") ? <button>导出</button> : null;
    }
    render(<Button />);
    expect(screen.queryByRole("button")).toBeNull();
    act(() => setPermissionCodes(["user_export"]));
    expect(screen.getByRole("button").textContent).toBe("导出");
  });
});
