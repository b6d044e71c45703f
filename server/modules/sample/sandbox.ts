import { SAMPLE_CATALOG } from "../../../domain/resources/dataAssets/sample/data";
import { hqlStatements, type HqlStatement } from "./statements";

/**
 * "Run" of the IDE. Nothing the user typed is executed anywhere: a statement of the exact shape
 * `select <*|col, …> from <sample table> [limit n]` is answered from the sample catalogue's rows
 * in memory; every other statement returns nothing. The script has passed the check before
 * (hql-check.ts: syntax, sample tables and columns); what a simulated run is, the console says
 * once above the results.
 */
export interface RunResult {
  statement: number;
  simulated: boolean;
  message: string;
  columns: string[];
  rows: Record<string, string | number>[];
}

export const MSG_SIMULATED = "无返回结果";
export const MSG_SIMULATED_LANG = "无返回结果：该语言的脚本不在服务器上运行";
const MAX_ROWS = 200;

const lower = (t: HqlStatement[number] | undefined) => (t ? t.text.toLowerCase() : "");

function selectOf(s: HqlStatement, index: number): RunResult {
  const simulated: RunResult = { statement: index, simulated: true, message: MSG_SIMULATED, columns: [], rows: [] };
  if (lower(s[0]) !== "select") return simulated;
  const fromAt = s.findIndex((t, i) => i > 0 && t.kind === "ident" && lower(t) === "from");
  if (fromAt < 2) return simulated;
  // The projection: `*` or names separated by commas.
  const projection = s.slice(1, fromAt);
  let columns: string[] | "*";
  if (projection.length === 1 && projection[0].text === "*") columns = "*";
  else {
    columns = [];
    for (let i = 0; i < projection.length; i++) {
      const t = projection[i];
      if (i % 2 === 0 && t.kind === "ident") columns.push(t.text.toLowerCase());
      else if (i % 2 === 1 && t.text === ",") continue;
      else return simulated;
    }
    if (projection.length % 2 === 0) return simulated;
  }
  // The source: a table name, optionally qualified by a database name.
  let at = fromAt + 1;
  if (s[at + 1]?.text === "." && s[at + 2]?.kind === "ident") at += 2;
  const table = SAMPLE_CATALOG.find((t) => t.name === lower(s[at]) && s[at]?.kind === "ident");
  if (!table) return simulated;
  let limit = MAX_ROWS;
  const rest = s.slice(at + 1);
  if (rest.length === 2 && lower(rest[0]) === "limit" && /^\d+$/.test(rest[1].text)) limit = Math.min(Number(rest[1].text), MAX_ROWS);
  else if (rest.length > 0) return simulated;
  const names = columns === "*" ? table.columns.map((c) => c.name) : columns;
  const unknown = names.find((n) => !table.columns.some((c) => c.name === n));
  if (unknown) return simulated;
  const rows = table.rows.slice(0, limit).map((r) => Object.fromEntries(names.map((n) => [n, r[n]])));
  return { statement: index, simulated: false, message: `查询成功，共 ${rows.length} 行`, columns: names, rows };
}

export function runHql(script: string): RunResult[] {
  return hqlStatements(script).map((s, i) => selectOf(s, i + 1));
}
