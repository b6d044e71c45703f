import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { Route } from "react-router";
import { website } from "../../config/website";
import { browser } from "../../components/browser";
import { renderConsole, currentLocation } from "../../testing/harness";
import { allowedAuthUrl } from "./auth-url";
import ZfPage from "./ZfPage";

const allow = ["https://apps.example.com", "http://localhost:9000"];

describe("allowedAuthUrl (no open redirect)", () => {
  it("follows an address whose origin is on the allow-list, keeping its own parameters", () => {
    expect(allowedAuthUrl("?authUrl=https://apps.example.com/sso?x=1&y=2#top", allow)).toBe("https://apps.example.com/sso?x=1&y=2#top");
    expect(allowedAuthUrl("?from=a&authUrl=http://localhost:9000/", allow)).toBe("http://localhost:9000/");
    expect(allowedAuthUrl("?authUrl=https%3A%2F%2Fapps.example.com%2Fhome%3Fa%3D1", allow)).toBe("https://apps.example.com/home?a=1");
  });

  it("refuses script, protocol-relative, relative, foreign and look-alike addresses", () => {
    for (const search of [
      "?authUrl=javascript:alert(document.cookie)",
      "?authUrl=JavaScript%3Aalert(1)",
      "?authUrl=data:text/html,<script>alert(1)</script>",
      "?authUrl=//evil.example.net/steal",
      "?authUrl=/workbench/index",
      "?authUrl=https://evil.example.net/",
      "?authUrl=https://apps.example.com.evil.net/",
      "?authUrl=https://apps.example.com@evil.net/",
      "?authUrl=http://apps.example.com/",
      "?authUrl=https://apps.example.com:8443/",
      "?authUrl=",
      "?url=https://apps.example.com/",
      "?notauthUrl=https://apps.example.com/",
    ]) {
      expect(allowedAuthUrl(search, allow), search).toBeNull();
    }
  });

  it("allows nothing when the allow-list is empty (the default)", () => {
    expect(website.redirectAllowList).toEqual([]);
    expect(allowedAuthUrl("?authUrl=https://apps.example.com/", [])).toBeNull();
  });
});

describe("/zf page", () => {
  const original = [...website.redirectAllowList];
  const setAllow = (v: string[]) => ((website as unknown as { redirectAllowList: string[] }).redirectAllowList = v);
  beforeEach(() => setAllow(allow));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  afterAll(() => setAllow(original));

  it("sends the browser to an allowed address", async () => {
    const replace = vi.spyOn(browser, "replace").mockImplementation(() => {});
    renderConsole(<ZfPage />, { path: "/zf?authUrl=https://apps.example.com/sso?ticket=1&y=2", pattern: "/zf" });
    await screen.findByText("正在跳转…");
    expect(replace).toHaveBeenCalledWith("https://apps.example.com/sso?ticket=1&y=2");
  });

  it("shows the sign-in error page for an address that is not allowed", async () => {
    const replace = vi.spyOn(browser, "replace").mockImplementation(() => {});
    renderConsole(<ZfPage />, { path: "/zf?authUrl=//evil.example.net", pattern: "/zf", routes: <Route path="/authError" element={<p>auth error page</p>} /> });
    await screen.findByText("auth error page");
    expect(currentLocation()).toBe("/authError");
    expect(replace).not.toHaveBeenCalled();
  });
});
