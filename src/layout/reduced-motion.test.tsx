import { act, render, screen } from "@testing-library/react";
import { Modal } from "antd";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleConfig } from "../Root";

/** A matchMedia whose `prefers-reduced-motion: reduce` answer the test sets and changes. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches: reduce };
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return query.includes("prefers-reduced-motion") && state.matches;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return (next: boolean) => {
    state.matches = next;
    listeners.forEach((l) => l());
  };
}

function Dialog() {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} title="对话框" onCancel={() => setOpen(false)}>
      内容
    </Modal>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the system's reduce-motion setting", () => {
  it("with it on, a closed dialog is gone at once (no closing motion)", async () => {
    systemMotion(true);
    render(<ConsoleConfig><Dialog /></ConsoleConfig>);
    expect(await screen.findByRole("dialog")).toBeVisible();
    await act(async () => screen.getByRole("button", { name: /close/i }).click());
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("with it off, a closed dialog plays its closing motion; switching it on is followed live", async () => {
    const setReduce = systemMotion(false);
    const { unmount } = render(<ConsoleConfig><Dialog /></ConsoleConfig>);
    expect(await screen.findByRole("dialog")).toBeVisible();
    await act(async () => screen.getByRole("button", { name: /close/i }).click());
    // Still in the page, leaving (jsdom never ends a CSS motion).
    expect(document.querySelector(".ant-zoom-leave")).not.toBeNull();
    unmount();

    act(() => setReduce(true));
    render(<ConsoleConfig><Dialog /></ConsoleConfig>);
    expect(await screen.findByRole("dialog")).toBeVisible();
    await act(async () => screen.getByRole("button", { name: /close/i }).click());
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
