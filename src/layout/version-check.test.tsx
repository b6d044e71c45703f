import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { http as mock, HttpResponse } from "msw";
import { createTestServer } from "../providers/testing/fixtures";
import { useVersionCheck } from "./use-version-check";
import { fetchDeployedVersion, isStale, pageVersion } from "./version-check";
import { renderConsole } from "../testing/harness";

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  const meta = document.createElement("meta");
  meta.name = "version";
  meta.content = "1.0.0";
  document.head.appendChild(meta);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  document.querySelectorAll('meta[name="version"]').forEach((m) => m.remove());
});

function deployed(version: string | null) {
  const calls: { cache: string | null; url: string }[] = [];
  // A stub: version.json is the deployed build's static file, not an answer of the server app.
  server.use(
    mock.get("/version.json", ({ request }) => {
      calls.push({ cache: request.cache, url: request.url });
      return version ? HttpResponse.json({ version }) : new HttpResponse(null, { status: 404 });
    }),
  );
  return calls;
}

function Checker({ reload, intervalMs }: { reload: () => void; intervalMs?: number }) {
  useVersionCheck({ reload, intervalMs });
  return null;
}

describe("version check", () => {
  it("reads the page's version meta and the deployed version.json without cache", async () => {
    const calls = deployed("1.0.1");
    expect(pageVersion()).toBe("1.0.0");
    await expect(fetchDeployedVersion()).resolves.toBe("1.0.1");
    expect(calls[0].cache).toBe("no-store");
    expect(isStale("1.0.0", "1.0.1")).toBe(true);
    expect(isStale("1.0.0", "1.0.0")).toBe(false);
    expect(isStale("1.0.0", null)).toBe(false);
  });

  it("prompts 'new version detected' once and refreshes on the button", async () => {
    const calls = deployed("1.0.1");
    const reload = vi.fn();
    renderConsole(<Checker reload={reload} />);
    await screen.findByText("检测到新版本，是否立即刷新使用?");
    act(() => window.dispatchEvent(new Event("focus")));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.getAllByText("检测到新版本，是否立即刷新使用?")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "立即刷新" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("stays quiet when the deployed version is the page's or cannot be read, and checks again on its interval", async () => {
    const calls = deployed("1.0.0");
    renderConsole(<Checker reload={vi.fn()} intervalMs={30} />);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3));
    expect(screen.queryByText("检测到新版本，是否立即刷新使用?")).toBeNull();
    server.resetHandlers();
    deployed(null);
    await new Promise((r) => setTimeout(r, 80));
    expect(screen.queryByText("检测到新版本，是否立即刷新使用?")).toBeNull();
  });
});
