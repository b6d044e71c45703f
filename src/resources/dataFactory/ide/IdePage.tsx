import { AuditOutlined, CaretRightOutlined, FormatPainterOutlined, SaveOutlined } from "@ant-design/icons";
import { App, Badge, Button, Card, Result, Select, Space, Splitter, Tooltip, Typography } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { isHttpError } from "../../../providers/http";
import { usePermission } from "../../../providers/access-control";
import { MSG_HIGH_RISK, SCRIPT_LANGUAGES, type Finding, type ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";
import { createInlineAnalyser, createWorkerAnalyser } from "./analysis-client";
import { ideApi, type RunError, type RunOutcome, type Script, type ScriptSummary } from "./api";
import { ApprovalDrawer } from "./ApprovalDrawer";
import { APPROVAL_STATE } from "../../../../domain/resources/dataFactory/ide/approval-state";
import { isParserClosed, setParserClosed } from "./editor-settings";
import { LANGUAGE_LABELS, NameDialog } from "./NameDialog";
import { RunResults } from "./RunResults";
import { ScriptEditor } from "./ScriptEditor";
import { ScriptSidebar } from "./ScriptSidebar";
import type { CatalogTable } from "./suggestions";
import { useConsoleGuard } from "./useConsoleGuard";
import "./i18n";

type Dialog = { mode: "create"; content: string } | { mode: "rename"; target: ScriptSummary } | null;
const EMPTY: Script = { id: "", name: "", language: "hql", content: "", updateTime: null };

/** /dataFactory/ide/ide: the script IDE (§2, §5). */
export default function IdePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const consoleOpen = useConsoleGuard();
  const canApprove = usePermission("ide_approve");
  const [params, setParams] = useSearchParams();
  const openId = params.get("script") ?? "";
  const analyser = useMemo(() => (typeof Worker === "undefined" ? createInlineAnalyser() : createWorkerAnalyser()), []);
  useEffect(() => () => analyser.dispose(), [analyser]);

  const [scripts, setScripts] = useState<ScriptSummary[] | null>(null);
  const [current, setCurrent] = useState<Script>(EMPTY);
  const [language, setLanguage] = useState<ScriptLanguage>("hql");
  const [draft, setDraft] = useState("");
  const [findings, setFindings] = useState<Finding[]>([]);
  // How much text the last check read: a journey waits for it before asserting on markers.
  const [checkedLength, setCheckedLength] = useState(-1);
  const [parserClosed, setClosed] = useState(isParserClosed);
  const [results, setResults] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [approvalsOpen, setApprovalsOpen] = useState(false);
  const [catalog, setCatalog] = useState<CatalogTable[]>([]);
  const [fresh, setFresh] = useState(0);
  // Where each saved script was scrolled (§9 scroll event): reopening it returns there.
  const [scrollTops, setScrollTops] = useState<Record<string, number>>({});
  // The editor's text as it is now: the toolbar and the page's keys must not act on the 100 ms-late draft.
  const readText = useRef<(() => string) | null>(null);
  const textNow = () => readText.current?.() ?? draft;
  const clipboard = useRef("");
  // Set before the first await of a run: a second F5 (or a held key) must not start another.
  const runningNow = useRef(false);
  /** Whether the toolbar's badge says the script holds a high-risk statement (set at each render). */
  const risksShown = useRef(false);

  const reload = useCallback(() => ideApi.list().then(setScripts, () => setScripts([])), []);
  useEffect(() => {
    void reload();
    ideApi.catalog().then(setCatalog, () => setCatalog([]));
  }, [reload]);

  // The script named in the URL (kept there so a reload reopens it); on arrival without one, the latest.
  // Acts on a change of the URL only: a state change in between (a new script) must not reopen the old one.
  const lastUrlId = useRef<string | null>(null);
  useEffect(() => {
    if (!scripts || openId === lastUrlId.current) return;
    const firstArrival = lastUrlId.current === null;
    lastUrlId.current = openId;
    const id = openId || (firstArrival ? scripts[0]?.id : "");
    if (!id || id === current.id) return;
    ideApi.detail(id).then(
      (s) => {
        setCurrent(s);
        setLanguage(s.language);
        setDraft(s.content);
        setResults(null);
      },
      () => setParams({}, { replace: true }),
    );
  }, [scripts, openId, current.id, setParams]);

  // The warning is said once: by the toolbar's badge while the editor's findings show a risk, else
  // (findings not in yet) by a message at save or run. The approval dialog has a title of its own.
  const warnIfRisky = async (content: string) => {
    if (risksShown.current) return;
    const found = await analyser.analyse(language, content, { syntax: false });
    if (found?.some((f) => f.kind === "risk")) void message.warning(MSG_HIGH_RISK);
  };

  const save = async (content: string) => {
    await warnIfRisky(content);
    if (!current.id) {
      setDialog({ mode: "create", content });
      return;
    }
    const saved = await ideApi.submit({ id: current.id, content, language });
    setCurrent(saved);
    void message.success(t("ide.saved"));
    void reload();
  };

  const run = async (content: string) => {
    if (runningNow.current) return;
    runningNow.current = true;
    setRunning(true);
    try {
      await warnIfRisky(content);
      setResults({ results: await ideApi.run(language, content) });
    } catch (e) {
      type Refusal = { needsApproval?: boolean; statements?: string[]; runFailed?: boolean; errors?: RunError[] };
      const data = isHttpError(e) ? (e.body as { data?: Refusal } | undefined)?.data : undefined;
      // A syntax error or an unknown table or column: a failed run, shown where its result would be.
      if (data?.runFailed) setResults({ errors: data.errors ?? [] });
      else if (data?.needsApproval) {
        modal.confirm({
          title: t("ide.needsApprovalTitle"),
          width: 560,
          content: (
            <>
              {t("ide.needsApproval")}
              {/* The statements as text, never as markup. */}
              {(data.statements ?? []).map((statement, i) => (
                <Typography.Paragraph key={i} style={{ margin: "8px 0 0" }}>
                  <pre style={{ whiteSpace: "pre-wrap", margin: 0 }}>{statement}</pre>
                </Typography.Paragraph>
              ))}
            </>
          ),
          okText: t("ide.requestApproval"),
          onOk: async () => {
            const asked = await ideApi.requestApproval(language, content);
            void message.success(t(asked.state === APPROVAL_STATE.approved ? "ide.approvalReady" : "ide.approvalSent"));
          },
        });
      } else if (isHttpError(e)) void message.error(e.message);
    } finally {
      runningNow.current = false;
      setRunning(false);
    }
  };

  const toggleParser = () => {
    const next = !parserClosed;
    setParserClosed(next);
    setClosed(next);
    void message.info(next ? t("ide.syntaxOff") : t("ide.syntaxOn"));
  };

  const submitDialog = async (values: { name: string; language: ScriptLanguage }) => {
    if (dialog?.mode === "create") {
      const created = await ideApi.submit({ name: values.name, language: values.language, content: dialog.content });
      setCurrent(created);
      setLanguage(created.language);
      setParams({ script: created.id });
      void message.success(t("ide.saved"));
    } else if (dialog?.mode === "rename") {
      const renamed = await ideApi.submit({ id: dialog.target.id, name: values.name });
      if (renamed.id === current.id) setCurrent(renamed);
    }
    setDialog(null);
    void reload();
  };

  const remove = async (s: ScriptSummary) => {
    await ideApi.remove(s.id);
    void message.success(t("ide.deleted"));
    if (s.id === current.id) {
      setCurrent(EMPTY);
      setDraft("");
      setParams({}, { replace: true });
    }
    void reload();
  };

  const newScript = () => {
    setFresh((n) => n + 1);
    setCurrent(EMPTY);
    setDraft("");
    setResults(null);
    setParams({}, { replace: true });
  };

  // F5 and Ctrl+S act on the script wherever the focus is on the page, not only in the editor
  // (there Monaco handles them first and stops them): F5 must never reload the page and lose
  // unsaved text. The handler is added once and reads the latest state through this ref.
  const pageKeys = useRef({ active: false, save: () => {}, run: () => {} });
  pageKeys.current = { active: !consoleOpen, save: () => void save(textNow()), run: () => void run(textNow()) };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!pageKeys.current.active || e.defaultPrevented || (e.target instanceof Element && e.target.closest(".ant-modal-root, .ant-drawer"))) return;
      const isSave = (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "s";
      if (e.key !== "F5" && !isSave) return;
      e.preventDefault();
      // A held key repeats: one save or run per press.
      if (e.repeat) return;
      if (isSave) pageKeys.current.save();
      else pageKeys.current.run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (consoleOpen) return <Result status="warning" title={t("ide.consoleOpen")} />;

  const risks = findings.filter((f) => f.kind === "risk").length;
  risksShown.current = risks > 0;
  const dirty = draft !== current.content;
  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Splitter style={{ height: "calc(100vh - 170px)", minHeight: 480 }}>
        <Splitter.Panel defaultSize={240} min={180} max={400} style={{ overflow: "auto" }}>
          <ScriptSidebar
            scripts={scripts}
            activeId={current.id}
            onOpen={(id) => setParams({ script: id })}
            onNew={newScript}
            onRename={(s) => setDialog({ mode: "rename", target: s })}
            onRemove={remove}
          />
        </Splitter.Panel>
        <Splitter.Panel>
          <Space style={{ padding: 8 }} wrap>
            <strong>{current.id ? current.name : t("ide.untitled")}</strong>
            {dirty && <Badge status="warning" text={t("ide.unsaved")} />}
            <Select
              aria-label={t("ide.language")}
              value={language}
              style={{ width: 110 }}
              onChange={setLanguage}
              options={SCRIPT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
            />
            <Button icon={<SaveOutlined />} onClick={() => void save(textNow())}>{t("ide.save")}</Button>
            <Button type="primary" icon={<CaretRightOutlined />} loading={running} onClick={() => void run(textNow())}>{t("ide.run")}</Button>
            <Tooltip title={t("ide.toggleSyntax")}>
              <Button onClick={toggleParser}>{parserClosed ? t("ide.syntaxOff") : t("ide.syntaxOn")}</Button>
            </Tooltip>
            {canApprove && <Button icon={<AuditOutlined />} onClick={() => setApprovalsOpen(true)}>{t("ide.approvals")}</Button>}
            {risks > 0 && <Badge status="error" text={MSG_HIGH_RISK} data-testid="ide-risk" />}
            {language === "hql" && <FormatPainterOutlined title={t("ide.format")} />}
          </Space>
          <div style={{ height: "55%", borderBlock: "1px solid rgba(5,5,5,0.06)" }} data-testid="ide-editor" data-checked-length={checkedLength}>
            <ScriptEditor
              // A fresh editor per opened script: its text, undo history and markers are its own.
              key={current.id || `new-${fresh}`}
              initialValue={current.content}
              language={language}
              parserClosed={parserClosed}
              catalog={catalog}
              analyser={analyser}
              initialScrollTop={scrollTops[current.id]}
              onChange={setDraft}
              onScroll={(top) => {
                const id = current.id;
                if (id) setScrollTops((all) => ({ ...all, [id]: top }));
              }}
              onFindings={(f, text) => {
                setFindings(f);
                setCheckedLength(text.length);
              }}
              onSave={(c) => void save(c)}
              onRun={(c) => void run(c)}
              onToggleParser={toggleParser}
              readText={readText}
              clipboard={clipboard}
            />
          </div>
          <div style={{ padding: 8, overflow: "auto", height: "calc(45% - 50px)" }}>
            <RunResults results={results} />
          </div>
        </Splitter.Panel>
      </Splitter>
      <NameDialog
        open={dialog !== null}
        title={dialog?.mode === "rename" ? t("ide.rename") : t("ide.newScript")}
        initial={dialog?.mode === "rename" ? { name: dialog.target.name, language: dialog.target.language } : { name: t("ide.untitled"), language }}
        withLanguage={dialog?.mode === "create"}
        onOk={submitDialog}
        onCancel={() => setDialog(null)}
      />
      <ApprovalDrawer open={approvalsOpen} onClose={() => setApprovalsOpen(false)} />
    </Card>
  );
}
