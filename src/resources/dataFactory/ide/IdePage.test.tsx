/**
 * The IDE page's wiring against the reference server: Monaco does not run in jsdom, so the editor
 * is a textarea stand-in that calls the same props (Ctrl+S → onSave, F5 → onRun, a scroll → onScroll;
 * ScriptEditor.test.tsx covers the real editor); the analysis,
 * the calls and the messages are the real ones.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderConsole, setupResourceTest } from "../../../testing/harness";
import { MSG_HIGH_RISK } from "../../../../domain/resources/dataFactory/ide/analysis/findings";
import type { ScriptEditorProps } from "./ScriptEditor";
import { ideResource } from ".";

vi.mock("./ScriptEditor", () => ({
  ScriptEditor: (props: ScriptEditorProps) => {
    const [value, setValue] = useState(props.initialValue);
    if (props.readText) props.readText.current = () => value;
    return (
      <div>
        <textarea
          aria-label="script"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            props.onChange(e.target.value);
          }}
        />
        <button onClick={() => props.onSave(value)}>ctrl-s</button>
        <button onClick={() => props.onRun(value)}>f5</button>
        <button onClick={() => props.onScroll?.(240)}>scroll</button>
        <output aria-label="opened at">{props.initialScrollTop ?? 0}</output>
      </div>
    );
  },
}));

const SIMULATED_NOTE = "模拟运行：脚本不会在真实数据库上执行；对样例表的 select 查询返回示例数据，其余语句不返回结果";

// The Hive grammar is large: load it with the page, not inside the first test's timeouts.
const t = setupResourceTest(() => Promise.all([import("./IdePage"), import("../../../../domain/resources/dataFactory/ide/analysis/analyse")]));

async function scriptsOnServer() {
  const res = await t.api.request("/api/blade-ide/script/list", { token: t.token });
  return (await res.json()).data as { id: string; name: string; language: string }[];
}

describe("Script IDE page", () => {
  it("warns about a high-risk statement on save, names and saves the new script", async () => {
    const user = userEvent.setup();
    renderConsole(ideResource);
    await screen.findByText("暂无脚本");
    await user.type(screen.getByLabelText("script"), "drop table ods_user");
    await user.click(screen.getByRole("button", { name: "ctrl-s" }));
    await screen.findByText(MSG_HIGH_RISK);
    const dialog = await screen.findByRole("dialog");
    const name = within(dialog).getByLabelText("脚本名称");
    await user.clear(name);
    await user.type(name, "清理用户表");
    await user.click(within(dialog).getByRole("button", { name: /确\s*定|OK/ }));
    await screen.findByText("保存成功");
    await waitFor(async () => expect((await scriptsOnServer()).map((s) => s.name)).toContain("清理用户表"));
    expect(window.location.search).toMatch(/script=\d+/);
  });

  it("opens the latest script on arrival and starts an empty one with 新建脚本", async () => {
    const user = userEvent.setup();
    renderConsole(ideResource);
    await waitFor(() => expect(screen.getByLabelText("script")).toHaveValue("drop table ods_user"));
    await user.click(screen.getByRole("button", { name: /新建脚本/ }));
    await waitFor(() => expect(screen.getByLabelText("script")).toHaveValue(""));
    expect(screen.getByText("未命名脚本")).toBeInTheDocument();
  });

  it("asks for approval when a high-risk script is run, and shows a select's rows", async () => {
    const user = userEvent.setup();
    renderConsole(ideResource);
    await screen.findByText("清理用户表");
    await user.click(screen.getByRole("button", { name: /新建脚本/ }));
    const editor = screen.getByLabelText("script");
    await waitFor(() => expect(editor).toHaveValue(""));
    await user.type(editor, "truncate table ods_order");
    await user.click(screen.getByRole("button", { name: "f5" }));
    await screen.findByText("脚本中的以下高危语句需经他人审批后方可执行，每次审批仅可执行一次。是否提交审批？");
    // The statement that needs it, as written.
    expect(within(screen.getByRole("dialog")).getByText("truncate table ods_order")).toBeInTheDocument();
    // The high-risk warning is said once, not by a message, the dialog's title and the badge at once.
    expect(within(screen.getByRole("dialog")).getAllByText("需经他人审批").length).toBeGreaterThan(0);
    expect(screen.getAllByText(MSG_HIGH_RISK)).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "提交审批" }));
    await screen.findByText("已提交审批，请等待他人审批");

    await user.clear(screen.getByLabelText("script"));
    await user.type(screen.getByLabelText("script"), "select user_name from ods_user limit 1");
    await user.click(screen.getByRole("button", { name: "f5" }));
    await screen.findByText("张三");
  });

  it("does not flag a statement that only mentions drop table in a string", async () => {
    const user = userEvent.setup();
    renderConsole(ideResource);
    await screen.findByText("清理用户表");
    await user.click(screen.getByRole("button", { name: /新建脚本/ }));
    const editor = screen.getByLabelText("script");
    await waitFor(() => expect(editor).toHaveValue(""));
    await user.type(editor, "select 'drop table x'");
    await user.click(screen.getByRole("button", { name: "f5" }));
    await screen.findByText(SIMULATED_NOTE);
    expect(screen.queryByText(MSG_HIGH_RISK)).not.toBeInTheDocument();
  });

  it("shows a syntax error as a failed run with the parser's message and position, not as a simulated success", async () => {
    const user = userEvent.setup();
    renderConsole(ideResource);
    await screen.findByText("清理用户表");
    await user.click(screen.getByRole("button", { name: /新建脚本/ }));
    const editor = screen.getByLabelText("script");
    await waitFor(() => expect(editor).toHaveValue(""));
    await user.type(editor, "select 1;\nselec * from ods_user");
    await user.click(screen.getByRole("button", { name: "f5" }));
    const panel = await screen.findByLabelText("运行结果");
    await within(panel).findByText("运行失败，脚本未执行");
    expect(within(panel).getByText("编译语句时异常：在行2:1，输入词'selec'附近可能存在sql语法错误")).toBeInTheDocument();
    expect(within(panel).getByText("行 2，列 1")).toBeInTheDocument();
    expect(within(panel).queryByText(/无返回结果/)).not.toBeInTheDocument();
  });

  it("names an unknown column as a failed run, and says once what a simulated run is", async () => {
    const user = userEvent.setup();
    renderConsole(ideResource);
    await screen.findByText("清理用户表");
    await user.click(screen.getByRole("button", { name: /新建脚本/ }));
    const editor = screen.getByLabelText("script");
    await waitFor(() => expect(editor).toHaveValue(""));
    await user.type(editor, "select user_name, nope from ods_user");
    await user.click(screen.getByRole("button", { name: "f5" }));
    const panel = await screen.findByLabelText("运行结果");
    await within(panel).findByText("字段 nope 不存在");
    expect(within(panel).getByText("运行失败，脚本未执行")).toBeInTheDocument();

    // Fixed, with two statements that return nothing: the rows, one line for the rest, the note once.
    await user.clear(editor);
    await user.type(editor, "select city from ods_user limit 1;\nset a=1;\nuse sales");
    await user.click(screen.getByRole("button", { name: "f5" }));
    await within(panel).findByText("北京");
    expect(within(panel).getByText("语句 #2、#3 无返回结果")).toBeInTheDocument();
    expect(within(panel).getAllByText(SIMULATED_NOTE)).toHaveLength(1);
    expect(within(panel).queryByText("运行失败，脚本未执行")).not.toBeInTheDocument();
  });

  it("reopens a script where it was scrolled", async () => {
    const user = userEvent.setup();
    const res = await t.api.request("/api/blade-ide/script/submit", { token: t.token, method: "POST", json: { name: "长脚本", language: "hql", content: "select 1" } });
    expect(res.status).toBe(200);
    renderConsole(ideResource);
    // The latest script opens on arrival.
    await waitFor(() => expect(screen.getByLabelText("script")).toHaveValue("select 1"));
    expect(screen.getByLabelText("opened at")).toHaveTextContent("0");
    await user.click(screen.getByRole("button", { name: "scroll" }));

    await user.click(screen.getByText("清理用户表"));
    await waitFor(() => expect(screen.getByLabelText("script")).toHaveValue("drop table ods_user"));
    expect(screen.getByLabelText("opened at")).toHaveTextContent("0");
    await user.click(screen.getByText("长脚本"));
    await waitFor(() => expect(screen.getByLabelText("script")).toHaveValue("select 1"));
    expect(screen.getByLabelText("opened at")).toHaveTextContent("240");
  });

  it("F5 and Ctrl+S act on the script wherever the focus is on the page, never reloading it", async () => {
    const user = userEvent.setup();
    renderConsole(ideResource);
    await screen.findByText("清理用户表");
    await user.click(screen.getByRole("button", { name: /新建脚本/ }));
    const editor = screen.getByLabelText("script");
    await waitFor(() => expect(editor).toHaveValue(""));
    await user.type(editor, "select city from ods_user limit 1");
    (document.activeElement as HTMLElement).blur();

    const f5 = new KeyboardEvent("keydown", { key: "F5", bubbles: true, cancelable: true });
    document.body.dispatchEvent(f5);
    expect(f5.defaultPrevented).toBe(true);
    // The key held down repeats: it neither reloads the page nor runs the script again.
    const held = new KeyboardEvent("keydown", { key: "F5", repeat: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    await screen.findByText("北京");

    const ctrlS = new KeyboardEvent("keydown", { key: "s", ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(ctrlS);
    expect(ctrlS.defaultPrevented).toBe(true);
    // A new script is named before it is saved.
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("脚本名称")).toBeInTheDocument();
  });

  it("blocks F12, and refuses to show while the developer tools are docked (window over 180 px larger)", async () => {
    renderConsole(ideResource);
    await screen.findByText("清理用户表");
    const f12 = new KeyboardEvent("keydown", { key: "F12", bubbles: true, cancelable: true });
    document.body.dispatchEvent(f12);
    expect(f12.defaultPrevented).toBe(true);
    // Other keys pass untouched.
    const f1 = new KeyboardEvent("keydown", { key: "F1", bubbles: true, cancelable: true });
    document.body.dispatchEvent(f1);
    expect(f1.defaultPrevented).toBe(false);

    const outer = window.outerWidth;
    try {
      Object.defineProperty(window, "outerWidth", { configurable: true, value: window.innerWidth + 181 });
      window.dispatchEvent(new Event("resize"));
      await screen.findByText("请关闭控制台后再进入脚本开发页面");
      expect(screen.queryByLabelText("script")).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(window, "outerWidth", { configurable: true, value: outer });
    }
  });
});
