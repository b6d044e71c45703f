import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import type { ScriptLanguage } from "../../../../domain/resources/dataFactory/ide/analysis/findings";
import type { ApprovalState } from "../../../../domain/resources/dataFactory/ide/approval-state";
import type { CatalogTable } from "./suggestions";
import { API } from "../../../../domain/contract/api";

/** The IDE's calls: scripts saved per user, the simulated run and the approval of high-risk scripts (server/modules/sample). */
export interface ScriptSummary {
  id: string;
  name: string;
  language: ScriptLanguage;
  updateTime: string | null;
}
export interface Script extends ScriptSummary {
  content: string;
}
export interface RunResult {
  statement: number;
  simulated: boolean;
  message: string;
  columns: string[];
  rows: Record<string, string | number>[];
}
/** Why a run failed as a whole (the server's check, hql-check.ts): the parser's or the sandbox's message, where. */
export interface RunError {
  line: number;
  column: number;
  message: string;
}
/** What the results panel shows: the statements' results, or the errors that kept the script from running. */
export type RunOutcome = { results: RunResult[] } | { errors: RunError[] };
export interface PendingApproval {
  id: string;
  language: ScriptLanguage;
  content: string;
  state: ApprovalState;
  createUser: string;
  createTime: string;
}

const data = async <T>(p: Promise<R<T>>) => (await p).data;

export const ideApi = {
  list: () => data(http.get<R<ScriptSummary[]>>(API.get("/blade-ide/script/list"))),
  detail: (id: string) => data(http.get<R<Script>>(API.get("/blade-ide/script/detail"), { params: { id } })),
  submit: (script: Partial<Script>) => data(http.post<R<Script>>(API.post("/blade-ide/script/submit"), script)),
  remove: (id: string) => http.post(API.post("/blade-ide/script/remove"), undefined, { params: { ids: id } }),
  /** Quiet: the page explains a refusal (approval needed) itself. */
  run: (language: ScriptLanguage, content: string) =>
    data(http.post<R<RunResult[]>>(API.post("/blade-ide/run"), { language, content }, { silent: true })),
  requestApproval: (language: ScriptLanguage, content: string) =>
    data(http.post<R<{ id: string; state: ApprovalState }>>(API.post("/blade-ide/approval/request"), { language, content })),
  approvals: () => data(http.get<R<PendingApproval[]>>(API.get("/blade-ide/approval/list"))),
  decide: (id: string, action: "approve" | "reject") => http.post(API.post(`/blade-ide/approval/${action}`), undefined, { params: { id } }),
  catalog: () => data(http.get<R<CatalogTable[]>>(API.get("/blade-sample/catalog/columns"))),
};
