import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { Route } from "react-router";
import { getAccessToken } from "../providers/auth/session";
import { capture, currentLocation, renderConsole, setupResourceTest, signIn } from "../testing/harness";
import { UserMenu } from "./UserMenu";

// The administrator signed in on the real server; each test signs in afresh, as it ends sessions.
const ctx = setupResourceTest(() => import("./UserMenu"));

const renderMenu = () =>
  renderConsole(<UserMenu />, { path: "/workbench/index", pattern: "/workbench/index", routes: <Route path="/login" element={<p>login page</p>} /> });
/** Another browser of the same user: a session of its own on the server. */
const otherDevice = async () => (await ctx.api.loginAdmin()).access_token;
const stillSignedIn = async (token: string) => (await ctx.api.request("/api/blade-auth/oauth/user-info", { token })).status === 200;

async function choose(item: string) {
  fireEvent.click(await screen.findByTestId("user-menu"));
  fireEvent.click(await screen.findByText(item));
  return screen.findByRole("dialog");
}

describe("user menu: 退出所有设备", () => {
  it("asks first, then ends every session of the user (other devices too) and goes to /login", async () => {
    const here = await signIn(ctx.api);
    const laptop = await otherDevice();
    const calls = capture(ctx.api.server, "/authentication/openid-connect/logout");
    renderMenu();
    const dialog = await choose("退出所有设备");
    expect(dialog).toHaveTextContent("将结束您在所有浏览器和设备上的登录，包括当前这个，是否继续?");
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "全部退出" }));
    await screen.findByText("login page");
    expect(currentLocation()).toBe("/login");
    expect(calls).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await stillSignedIn(here)).toBe(false);
  });

  it("cancelled, nothing ends", async () => {
    const here = await signIn(ctx.api);
    const laptop = await otherDevice();
    renderMenu();
    const dialog = await choose("退出所有设备");
    fireEvent.click(within(dialog).getByRole("button", { name: "取 消" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(currentLocation()).toBe("/workbench/index");
    expect(await stillSignedIn(here)).toBe(true);
    expect(await stillSignedIn(laptop)).toBe(true);
  });

  it("keeps the user here with the reason when the server could not end the sessions", async () => {
    await signIn(ctx.api);
    // A failure the real server does not give on demand (a gateway without the route): stubbed.
    capture(ctx.api.server, "/authentication/openid-connect/logout", () => HttpResponse.json({ code: 500, success: false, data: null, msg: "服务器异常" }, { status: 500 }));
    renderMenu();
    const dialog = await choose("退出所有设备");
    fireEvent.click(within(dialog).getByRole("button", { name: "全部退出" }));
    expect(await screen.findByText("服务器异常")).toBeInTheDocument();
    expect(currentLocation()).toBe("/workbench/index");
    expect(getAccessToken()).not.toBeNull();
  });

  it("the plain 退出登录 still ends only this session", async () => {
    await signIn(ctx.api);
    const laptop = await otherDevice();
    renderMenu();
    const dialog = await choose("退出登录");
    expect(dialog).toHaveTextContent("是否退出系统, 是否继续?");
    fireEvent.click(within(dialog).getByRole("button", { name: "确 定" }));
    await screen.findByText("login page");
    expect(await stillSignedIn(laptop)).toBe(true);
  });
});
