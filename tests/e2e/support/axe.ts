/**
 * axe-core in the journey's page: WCAG 2.0/2.1 A and AA rules, critical and serious findings only,
 * minus the listed exemptions (findings that are antd's own and cannot be fixed from outside).
 */
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve("axe-core/axe.min.js");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One element a rule failed on, as `page → rule → target` in the journey's report. */
export interface Finding {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** A finding that is antd's own: the rule, the element's selector pattern, and why it stays. */
export interface Exemption {
  rule: string;
  target: RegExp;
  reason: string;
}

interface AxeNode {
  target: unknown[];
  impact?: string | null;
  failureSummary?: string;
}
interface AxeResult {
  id: string;
  impact?: string | null;
  nodes: AxeNode[];
}

/**
 * The page once it stopped moving: no spinner or skeleton, and no running finite animation or
 * transition for five polls in a row (the journeys ask for reduced motion, so antd neither fades nor
 * zooms, but a button's colour is still eased, and axe read one mid-change as too faint after two
 * polls on a busy machine). Infinite animations (a caret, a processing badge) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator(".ant-spin-spinning:visible, .ant-skeleton-active:visible")).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { __quietPolls: number }).__quietPolls = 0));
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quietPolls: number };
      const moving = document.getAnimations().some((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
      w.__quietPolls = moving ? 0 : w.__quietPolls + 1;
      return w.__quietPolls >= 5;
    },
    undefined,
    { timeout: 10_000, polling: 100 },
  );
}

/** One axe run over the whole document: its critical and serious findings not exempted. */
async function runAxe(page: Page, label: string, exemptions: readonly Exemption[]): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeResult[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: n.target, impact: n.impact, failureSummary: n.failureSummary })),
    }));
  }, WCAG_TAGS);
  const findings: Finding[] = [];
  for (const v of violations) {
    for (const n of v.nodes) {
      const impact = n.impact ?? v.impact ?? "";
      if (impact !== "critical" && impact !== "serious") continue;
      const target = n.target.map(String).join(" >> ");
      if (exemptions.some((e) => e.rule === v.id && e.target.test(target))) continue;
      findings.push({ page: label, rule: v.id, impact, target, summary: (n.failureSummary ?? "").split("\n").slice(1, 2).join("").trim() });
    }
  }
  return findings;
}

/**
 * The page's findings once it settled. A page with findings is settled and audited again and only
 * what both runs found counts: a colour caught mid-transition (a menu item turning selected a
 * moment after the route changed) is gone the second time, a real fault is found twice.
 */
export async function audit(page: Page, label: string, exemptions: readonly Exemption[]): Promise<Finding[]> {
  await settled(page);
  const first = await runAxe(page, label, exemptions);
  if (first.length === 0) return first;
  await settled(page);
  const again = new Set((await runAxe(page, label, exemptions)).map((f) => `${f.rule} ${f.target}`));
  return first.filter((f) => again.has(`${f.rule} ${f.target}`));
}

/** `page → rule → target (why)`, one line each, grouped by page. */
export function report(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.page} → ${f.rule} → ${f.target}  (${f.impact}: ${f.summary})`).join("\n");
}

/** Counts by rule, for the before/after figures. */
export function countByRule(findings: readonly Finding[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of findings) out[f.rule] = (out[f.rule] ?? 0) + 1;
  return out;
}

interface StoredMenuNode {
  name: string;
  path: string;
  category?: number;
  isOpen?: number;
  children?: StoredMenuNode[];
}

/**
 * The console's own pages among the menu routes the server sent (stored in client storage under
 * `blade-menu`): every leaf whose path is a route of the console, not an external address or an
 * embedded frame. A page the server adds later is audited without being listed here.
 */
export async function menuPages(page: Page): Promise<{ name: string; path: string }[]> {
  const tree = await page.evaluate(() => {
    const raw = localStorage.getItem("blade-menu") ?? sessionStorage.getItem("blade-menu");
    return raw ? ((JSON.parse(raw) as { content?: unknown }).content as StoredMenuNode[]) : [];
  });
  const out: { name: string; path: string }[] = [];
  const walk = (nodes: StoredMenuNode[] | undefined) => {
    for (const n of nodes ?? []) {
      if (n.children?.length) walk(n.children);
      else if (n.path?.startsWith("/") && !/\.html?(\?.*)?$/i.test(n.path)) out.push({ name: n.name, path: n.path });
    }
  };
  walk(tree);
  return out;
}

/**
 * Client-side navigation, as the side menu does it (react-router listens to popstate): the
 * signed-in frame, the menu and the loaded code stay, so each page costs its own data only.
 */
export async function pushRoute(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path || url.pathname === path.split("?")[0]);
}
