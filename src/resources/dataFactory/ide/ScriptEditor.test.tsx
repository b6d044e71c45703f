/**
 * The editor itself, with the real Monaco (the installed package, as on the page): keys pressed in
 * its text area go through Monaco's own keybinding service, so a shortcut that another command
 * shadows, or that no imported contribution provides, fails here. jsdom has no canvas: a 2D
 * context that draws nothing stands in for the rulers.
 */
import { render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ScriptAnalyser } from "./analysis-client";
import { MSG_PASTE_OUTSIDE } from "../../../../domain/resources/dataFactory/ide/analysis/findings";
import { CHANGE_EMIT_DELAY_MS, SCROLL_EMIT_DELAY_MS } from "./editor-settings";
import { monaco } from "./monaco-setup";
import { ScriptEditor, type ScriptEditorProps } from "./ScriptEditor";
import "./i18n";

type CodeEditor = ReturnType<typeof monaco.editor.create>;

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    return new Proxy({}, { get: (_t, p) => (p === "canvas" ? this : p === "measureText" ? () => ({ width: 8 }) : () => {}), set: () => true });
  } as never;
});

afterEach(() => {
  vi.useRealTimers();
  monaco.editor.getEditors().forEach((e) => e.dispose());
});

const analyser: ScriptAnalyser = { analyse: async () => [], dispose() {} };

async function mount(initialValue: string, overrides: Partial<ScriptEditorProps> = {}) {
  const props: ScriptEditorProps = {
    initialValue,
    language: "hql",
    parserClosed: true,
    catalog: [],
    analyser,
    onChange: vi.fn(),
    onScroll: vi.fn(),
    onFindings: vi.fn(),
    onSave: vi.fn(),
    onRun: vi.fn(),
    onToggleParser: vi.fn(),
    clipboard: { current: "" },
    ...overrides,
  };
  const view = render(
    <App>
      <div style={{ width: 600, height: 300 }}>
        <ScriptEditor {...props} />
      </div>
    </App>,
  );
  // Monaco loads asynchronously; the IDE's actions exist once the page's onMount has run.
  const editor = await waitFor(
    () => {
      const [created] = monaco.editor.getEditors() as CodeEditor[];
      expect(created?.getAction("ide.run")).toBeTruthy();
      return created;
    },
    { timeout: 30_000 },
  );
  // jsdom lays nothing out: give the editor a viewport, so that it can scroll.
  editor.layout({ width: 600, height: 100 });
  editor.focus();
  const input = view.container.querySelector("textarea")!;
  /** A key as the browser reports it; Monaco reads keyCode. */
  const press = (keyCode: number, key: string, mods: { ctrl?: boolean; shift?: boolean } = {}) =>
    input.dispatchEvent(new KeyboardEvent("keydown", { keyCode, key, ctrlKey: mods.ctrl, shiftKey: mods.shift, bubbles: true, cancelable: true } as KeyboardEventInit));
  return { props, editor, press, container: view.container };
}

const KEY = { F5: 116, S: 83, U: 85, F: 70, H: 72, G: 71, L: 76, SLASH: 191 } as const;
const select = (editor: CodeEditor, line: number, from: number, to: number) => editor.setSelection(new monaco.Selection(line, from, line, to));

describe("ScriptEditor shortcuts", () => {
  it("F5 runs and Ctrl+S saves the text as it is now", async () => {
    const { props, press } = await mount("select 1");
    press(KEY.F5, "F5");
    expect(props.onRun).toHaveBeenCalledExactlyOnceWith("select 1");
    press(KEY.S, "s", { ctrl: true });
    expect(props.onSave).toHaveBeenCalledExactlyOnceWith("select 1");
  });

  it("Ctrl+U upper-cases and Ctrl+Shift+U lower-cases the selection, or the line without one", async () => {
    const { editor, press } = await mount("select name from ods_user\nWHERE City = 'X'");
    select(editor, 1, 1, 7);
    press(KEY.U, "u", { ctrl: true });
    expect(editor.getValue()).toBe("SELECT name from ods_user\nWHERE City = 'X'");
    select(editor, 2, 1, 1);
    press(KEY.U, "U", { ctrl: true, shift: true });
    expect(editor.getValue()).toBe("SELECT name from ods_user\nwhere city = 'x'");
    select(editor, 1, 8, 12);
    press(KEY.U, "u", { ctrl: true });
    expect(editor.getModel()!.getLineContent(1)).toBe("SELECT NAME from ods_user");
  });

  it("Ctrl+/ comments the line in the script's language, and again uncomments it", async () => {
    const { editor, press } = await mount("select 1\nselect 2");
    // Monaco loads a language's comment markers on first use.
    await waitFor(() => expect(monaco.languages.getLanguages().some((l) => l.id === "sql")).toBe(true));
    select(editor, 2, 1, 1);
    await waitFor(() => {
      press(KEY.SLASH, "/", { ctrl: true });
      expect(editor.getValue()).toBe("select 1\n-- select 2");
    });
    press(KEY.SLASH, "/", { ctrl: true });
    expect(editor.getValue()).toBe("select 1\nselect 2");
  });

  it("Ctrl+F opens find, Ctrl+H find and replace", async () => {
    const { container, press } = await mount("select user_name from ods_user");
    press(KEY.F, "f", { ctrl: true });
    const widget = await waitFor(() => {
      const found = container.querySelector(".find-widget");
      expect(found).toHaveClass("visible");
      return found!;
    });
    expect(widget).not.toHaveClass("replaceToggled");
    container.querySelector("textarea")!.focus();
    press(KEY.H, "h", { ctrl: true });
    await waitFor(() => expect(widget).toHaveClass("replaceToggled"));
  });

  it("Ctrl+G asks for the line to go to", async () => {
    const { press } = await mount("select 1\nselect 2\nselect 3");
    press(KEY.G, "g", { ctrl: true });
    await waitFor(() => expect(document.querySelector<HTMLInputElement>(".quick-input-widget input")?.value).toBe(":"));
  });

  it("Ctrl+Shift+L formats HQL", async () => {
    const { editor, press } = await mount("select a,b from t where a=1");
    press(KEY.L, "L", { ctrl: true, shift: true });
    expect(editor.getValue()).toBe("SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  a = 1");
  });
});

describe("ScriptEditor events (§9)", () => {
  it("emits the text 100 ms and the scroll position 300 ms after they stop changing", async () => {
    const { props, editor } = await mount(Array.from({ length: 200 }, (_, i) => `select ${i}`).join("\n"));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

    editor.setScrollTop(200);
    editor.setScrollTop(400);
    vi.advanceTimersByTime(SCROLL_EMIT_DELAY_MS - 1);
    expect(props.onScroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(props.onScroll).toHaveBeenCalledExactlyOnceWith(400);

    editor.executeEdits("test", [{ range: new monaco.Range(1, 1, 1, 1), text: "-- a\n" }]);
    vi.advanceTimersByTime(CHANGE_EMIT_DELAY_MS - 1);
    expect(props.onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(props.onChange).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/^-- a\nselect 0\n/));
  });

  it("opens a script where it was scrolled, without reporting that as a scroll", async () => {
    const { props, editor } = await mount(Array.from({ length: 200 }, (_, i) => `select ${i}`).join("\n"), { initialScrollTop: 300 });
    expect(editor.getScrollTop()).toBe(300);
    await new Promise((r) => setTimeout(r, SCROLL_EMIT_DELAY_MS + 100));
    expect(props.onScroll).not.toHaveBeenCalled();
  });
});

describe("ScriptEditor's paste (§5)", () => {
  it("points to Ctrl+V when nothing was copied inside the IDE", async () => {
    const { editor } = await mount("select 1");
    await editor.getAction("ide.paste")!.run();
    await screen.findByText(MSG_PASTE_OUTSIDE);
    expect(editor.getValue()).toBe("select 1");
  });

  it("pastes into another script what was copied in one (each has an editor of its own; the clipboard is the page's)", async () => {
    const clipboard = { current: "" };
    const first = await mount("select city from ods_user", { clipboard });
    select(first.editor, 1, 8, 12);
    first.editor.getContainerDomNode().dispatchEvent(new Event("copy", { bubbles: true }));
    expect(clipboard.current).toBe("city");
    first.editor.dispose();

    const second = await mount("", { clipboard });
    await second.editor.getAction("ide.paste")!.run();
    expect(second.editor.getValue()).toBe("city");
  });

  it("lets the page read its text while it lives, and not after", async () => {
    const readText: { current: (() => string) | null } = { current: null };
    const { editor } = await mount("select 1", { readText });
    editor.executeEdits("test", [{ range: new monaco.Range(1, 9, 1, 9), text: "0" }]);
    // At once, not 100 ms later like onChange.
    expect(readText.current?.()).toBe("select 10");
    editor.dispose();
    expect(readText.current).toBeNull();
  });
});
