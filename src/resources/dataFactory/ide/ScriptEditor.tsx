import Editor, { type OnMount } from "@monaco-editor/react";
import { App } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { monaco } from "./monaco-setup";
import { MSG_PASTE_OUTSIDE, type Finding, type ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";
import { formatSql } from "../../../../domain/resources/dataFactory/ide/analysis/format-sql";
import type { ScriptAnalyser } from "./analysis-client";
import { CHANGE_EMIT_DELAY_MS, debounce, SCROLL_EMIT_DELAY_MS, SYNTAX_CHECK_DELAY_MS } from "./editor-settings";
import { MONACO_LANGUAGE } from "./monaco-language";
import { completionFor, type CatalogTable } from "./suggestions";

type CodeEditor = Parameters<OnMount>[0];

export interface ScriptEditorProps {
  /** The text shown when the editor is created (the page gives each opened script its own editor). */
  initialValue: string;
  language: ScriptLanguage;
  parserClosed: boolean;
  catalog: CatalogTable[];
  analyser: ScriptAnalyser;
  /** Where the script was scrolled when it was last open (from onScroll). */
  initialScrollTop?: number;
  onChange(content: string): void;
  onScroll?(scrollTop: number): void;
  /** After each check: its findings and the text they describe. */
  onFindings(findings: Finding[], checkedText: string): void;
  /** Ctrl+S, with the editor's text as it is now (not the 100 ms-late change). */
  onSave(content: string): void;
  /** F5, likewise. */
  onRun(content: string): void;
  onToggleParser(): void;
  /** Set while mounted to read the editor's text as it is now (the page's toolbar and keys use it). */
  readText?: { current: (() => string) | null };
  /**
   * What was last copied or cut in the IDE: the page's, so that text copied in one script pastes
   * into another (each opened script has an editor of its own).
   */
  clipboard: { current: string };
}

const MARKER_OWNER = "blade-ide";

/** Replaces the selection (or the whole line when nothing is selected) by `change(text)`. */
function transformSelection(editor: CodeEditor, change: (s: string) => string) {
  const model = editor.getModel();
  const selection = editor.getSelection();
  if (!model || !selection) return;
  const range = selection.isEmpty()
    ? new monaco.Range(selection.startLineNumber, 1, selection.startLineNumber, model.getLineMaxColumn(selection.startLineNumber))
    : selection;
  editor.executeEdits("blade-ide", [{ range, text: change(model.getValueInRange(range)) }]);
}

/**
 * Monaco with the IDE's behaviour: risk and syntax markers 500 ms after typing stops, content
 * changes emitted after 100 ms and scrolling after 300 ms (§9), the shortcuts of §5, the syntax
 * check switch and an IDE-clipboard paste in the context menu, and suggestions of at most 200.
 */
export function ScriptEditor(props: ScriptEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editorRef = useRef<CodeEditor | null>(null);
  // Monaco's commands are registered once; they read the latest props through this ref.
  const latest = useRef(props);
  latest.current = props;

  const analyse = useRef(
    debounce(async () => {
      const editor = editorRef.current;
      const model = editor?.getModel();
      if (!editor || !model) return;
      const { analyser, language, parserClosed, onFindings } = latest.current;
      const versionAsked = model.getVersionId();
      const text = model.getValue();
      const findings = await analyser.analyse(language, text, { syntax: !parserClosed });
      // Findings for text that has changed since are dropped; the next check marks the new text.
      if (!findings || model.isDisposed() || model.getVersionId() !== versionAsked) return;
      monaco.editor.setModelMarkers(
        model,
        MARKER_OWNER,
        findings.map((f) => ({ ...f, severity: f.kind === "risk" ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error, source: f.kind })),
      );
      onFindings(findings, text);
    }, SYNTAX_CHECK_DELAY_MS),
  ).current;
  const emitChange = useRef(debounce((value: string) => latest.current.onChange(value), CHANGE_EMIT_DELAY_MS)).current;
  const emitScroll = useRef(debounce((top: number) => latest.current.onScroll?.(top), SCROLL_EMIT_DELAY_MS)).current;

  useEffect(
    () => () => {
      analyse.cancel();
      emitChange.cancel();
      emitScroll.cancel();
    },
    [analyse, emitChange, emitScroll],
  );

  // A language or syntax-switch change re-checks the text; monaco gets the new language too.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model) monaco.editor.setModelLanguage(model, MONACO_LANGUAGE[props.language]);
    analyse();
  }, [props.language, props.parserClosed, analyse]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    const K = monaco.KeyCode;
    const M = monaco.KeyMod;
    editor.addAction({ id: "ide.save", label: t("ide.save"), keybindings: [M.CtrlCmd | K.KeyS], run: (e) => latest.current.onSave(e.getValue()) });
    editor.addAction({ id: "ide.run", label: t("ide.run"), keybindings: [K.F5], run: (e) => latest.current.onRun(e.getValue()) });
    editor.addAction({ id: "ide.upper", label: t("ide.upper"), keybindings: [M.CtrlCmd | K.KeyU], run: (e) => transformSelection(e as CodeEditor, (s) => s.toUpperCase()) });
    editor.addAction({
      id: "ide.lower",
      label: t("ide.lower"),
      keybindings: [M.CtrlCmd | M.Shift | K.KeyU],
      run: (e) => transformSelection(e as CodeEditor, (s) => s.toLowerCase()),
    });
    editor.addAction({
      id: "ide.format",
      label: t("ide.format"),
      keybindings: [M.CtrlCmd | M.Shift | K.KeyL],
      contextMenuGroupId: "1_modification",
      run: (e) => {
        const model = e.getModel();
        if (!model || latest.current.language !== "hql") return;
        const formatted = formatSql(model.getValue());
        if (formatted !== model.getValue()) e.executeEdits("blade-ide", [{ range: model.getFullModelRange(), text: formatted }]);
      },
    });
    editor.addAction({ id: "ide.toggleSyntax", label: t("ide.toggleSyntax"), contextMenuGroupId: "navigation", run: () => latest.current.onToggleParser() });
    editor.addAction({
      // Browsers do not let a page read the system clipboard from a menu: the IDE pastes what was
      // copied inside it, and points to Ctrl+V for anything copied elsewhere (§5).
      id: "ide.paste",
      label: t("ide.paste"),
      contextMenuGroupId: "9_cutcopypaste",
      run: (e) => {
        if (!latest.current.clipboard.current) {
          void message.warning(MSG_PASTE_OUTSIDE);
          return;
        }
        const selection = e.getSelection();
        if (selection) e.executeEdits("blade-ide", [{ range: selection, text: latest.current.clipboard.current, forceMoveMarkers: true }]);
      },
    });
    const remember = () => {
      const model = editor.getModel();
      const selection = editor.getSelection();
      if (model && selection && !selection.isEmpty()) latest.current.clipboard.current = model.getValueInRange(selection);
    };
    editor.getContainerDomNode().addEventListener("copy", remember);
    editor.getContainerDomNode().addEventListener("cut", remember);
    editor.onDidChangeModelContent(() => {
      emitChange(editor.getValue());
      analyse();
    });
    // Before listening: restoring the position is not a scroll of the user's.
    if (latest.current.initialScrollTop) editor.setScrollTop(latest.current.initialScrollTop);
    editor.onDidScrollChange((e) => e.scrollTopChanged && emitScroll(e.scrollTop));
    const readText = latest.current.readText;
    if (readText) {
      const read = () => editor.getValue();
      readText.current = read;
      // Gone with the editor: until the next one is there, the page falls back to its draft.
      editor.onDidDispose(() => {
        if (readText.current === read) readText.current = null;
      });
    }
    analyse();
    editor.focus();
  };

  // Suggestions: one provider per Monaco language, reading the latest catalogue, at most 200.
  useEffect(() => {
    const disposables = Object.entries(MONACO_LANGUAGE).map(([lang, id]) =>
      monaco.languages.registerCompletionItemProvider(id, {
        provideCompletionItems(model, position) {
          if (latest.current.language !== lang) return { suggestions: [] };
          const word = model.getWordUntilPosition(position);
          const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
          const kinds = { keyword: monaco.languages.CompletionItemKind.Keyword, table: monaco.languages.CompletionItemKind.Struct, column: monaco.languages.CompletionItemKind.Field };
          const { items, incomplete } = completionFor(lang as ScriptLanguage, word.word, latest.current.catalog);
          return { suggestions: items.map((s) => ({ label: s.label, kind: kinds[s.kind], detail: s.detail, insertText: s.label, range })), incomplete };
        },
      }),
    );
    return () => disposables.forEach((d) => d.dispose());
  }, []);

  return (
    <Editor
      height="100%"
      defaultLanguage={MONACO_LANGUAGE[props.language]}
      defaultValue={props.initialValue}
      onMount={onMount}
      loading={t("ide.loadingEditor")}
      options={{ automaticLayout: true, minimap: { enabled: false }, fontSize: 14, contextmenu: true, tabSize: 2, scrollBeyondLastLine: false }}
    />
  );
}
