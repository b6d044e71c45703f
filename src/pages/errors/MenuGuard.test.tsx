import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { MenuNode } from "../../../domain/contract";
import { setMenu } from "../../providers/auth/menu-store";
import { resetStorage } from "../../providers/testing/fixtures";
import { MenuGuard } from "./MenuGuard";

const node = (path: string): MenuNode => ({
  id: path, parentId: "0", code: path, name: path, alias: "menu", path, source: "", sort: 1, category: 1, action: 0, isOpen: 1,
});

afterEach(() => {
  cleanup();
  resetStorage();
});

const renderGuard = () =>
  render(
    <MemoryRouter>
      <MenuGuard path="/system/user">
        <p>users page</p>
      </MenuGuard>
    </MemoryRouter>,
  );

describe("MenuGuard", () => {
  it("shows the page when the user's menu holds its path", () => {
    setMenu([node("/workbench/index"), { ...node("/system"), children: [node("/system/user")] }]);
    renderGuard();
    expect(screen.getByText("users page")).toBeInTheDocument();
  });

  it("shows 403 instead when it does not", async () => {
    setMenu([node("/workbench/index")]);
    renderGuard();
    expect(await screen.findByText("抱歉，您无权访问该页面")).toBeInTheDocument();
    expect(screen.queryByText("users page")).not.toBeInTheDocument();
  });
});
