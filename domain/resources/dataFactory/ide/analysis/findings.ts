/** What the script analysis reports, in Monaco's 1-based coordinates (so the editor marks them as they are). */
export interface Finding {
  kind: "risk" | "syntax";
  message: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

export type ScriptLanguage = "hql" | "python" | "scala" | "java";

export const SCRIPT_LANGUAGES: ScriptLanguage[] = ["hql", "python", "scala", "java"];

/** §5: the warning on a high-risk statement. */
export const MSG_HIGH_RISK = "该语法属于高危语法，请谨慎操作！";

/** §5: an HQL syntax error near a token. */
export const syntaxMessage = (line: number, col: number, text: string) =>
  `编译语句时异常：在行${line}:${col}，输入词'${text}'附近可能存在sql语法错误`;

/** §5: paste when nothing was copied inside the IDE. */
export const MSG_PASTE_OUTSIDE =
  "很抱歉，IDE未监控到复制文本，如果您是在IDE系统外执行的复制操作，请使用ctrl+v组合键进行粘贴！";
