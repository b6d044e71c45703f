import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { ideRunApproval, ideScript } from "../../db/schema";
import { isId } from "../../db/ids";
import { formatDateTime } from "../../db/time";
import { queryParam, readIds, readJsonObject } from "../../http/body";
import { badRequest, forbidden, ok } from "../../http/errors";
import type { ApiModule } from "../../kit/module";
import { can, defineRoutes } from "../../security/authorize";
import { scopeFor, type TenantScope } from "../../security/tenant-scope";
import { SCRIPT_LANGUAGES, type ScriptLanguage } from "../../../domain/resources/dataFactory/ide/analysis/findings";
import { APPROVAL_STATE } from "../../../domain/resources/dataFactory/ide/approval-state";
import { checkHql, warmHqlCheck } from "./hql-check";
import { runHql, MSG_SIMULATED_LANG, type RunResult } from "./sandbox";
import { riskyStatements, type RiskyStatement } from "./statements";

/*
 * /blade-ide: the script IDE's scripts, each its author's own (create_user), its simulated run,
 * and the second-person approval each high-risk statement needs before a script holding it runs.
 */

export const MAX_SCRIPT_CHARS = 100_000;
export const MSG_SCRIPT_MISSING = "脚本不存在";
export const MSG_NEEDS_APPROVAL = "该语法属于高危语法，请谨慎操作！该脚本需经他人审批后方可执行";
export const MSG_APPROVAL_MISSING = "审批单不存在";
export const MSG_SELF_APPROVAL = "不能审批自己提交的脚本";
export const MSG_APPROVAL_DONE = "该审批单已处理";
const IDE = can("ide");
const APPROVE = can("ide_approve");

export { APPROVAL_STATE };

type FieldError = { field: string; message: string };

function readLanguage(value: unknown, errors: FieldError[]): ScriptLanguage {
  if (typeof value !== "string" || !SCRIPT_LANGUAGES.includes(value as ScriptLanguage)) {
    errors.push({ field: "language", message: "脚本语言必须是 hql、python、scala 或 java" });
  }
  return value as ScriptLanguage;
}

function readContent(value: unknown, errors: FieldError[]): string {
  if (typeof value !== "string") errors.push({ field: "content", message: "脚本内容必须是文本" });
  else if (value.length > MAX_SCRIPT_CHARS) errors.push({ field: "content", message: `脚本内容不能超过${MAX_SCRIPT_CHARS}个字符` });
  return typeof value === "string" ? value : "";
}

function readName(value: unknown, errors: FieldError[]): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (!name) errors.push({ field: "name", message: "请输入脚本名称" });
  else if ([...name].length > 64) errors.push({ field: "name", message: "脚本名称不能超过64个字符" });
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
  else if (/[\u0000-\u001f\u007f/\\]/.test(name)) errors.push({ field: "name", message: "脚本名称不能包含控制字符或斜杠" });
  return name;
}

function failIf(errors: FieldError[]) {
  if (errors.length) throw badRequest(errors[0].message, errors);
}

/**
 * Serialises, until the transaction ends, everything one user does with their approvals: two runs
 * sent at once then read the approvals one after the other, and only the first finds them unused.
 */
const lockApprovals = (tx: TenantScope) => tx.lock(tx.caller.tenantId, `blade_ide_run_approval:${tx.caller.userId}`);

/** The caller's own requests for this statement, in the given states. */
const ownApprovals = (tx: TenantScope, hash: string, states: number[]) =>
  and(eq(ideRunApproval.scriptHash, hash), eq(ideRunApproval.createUser, tx.caller.userId), inArray(ideRunApproval.state, states));

/** The distinct statements of a run, each with how many times it runs. */
function occurrences(statements: RiskyStatement[]): (RiskyStatement & { count: number })[] {
  const byHash = new Map<string, RiskyStatement & { count: number }>();
  for (const s of statements) {
    const seen = byHash.get(s.hash);
    if (seen) seen.count++;
    else byHash.set(s.hash, { ...s, count: 1 });
  }
  return [...byHash.values()];
}

const execute = (language: ScriptLanguage, content: string): RunResult[] =>
  language === "hql" ? runHql(content) : [{ statement: 1, simulated: true, message: MSG_SIMULATED_LANG, columns: [], rows: [] }];

const scriptVO = (r: typeof ideScript.$inferSelect, withContent: boolean) => ({
  id: r.id,
  name: r.name,
  language: r.language,
  ...(withContent ? { content: r.content } : {}),
  createTime: r.createTime,
  updateTime: r.updateTime,
});

function ideRoutes(ctx: AppContext) {
  const mine = (c: Parameters<typeof scopeFor>[1]) => eq(ideScript.createUser, c.var.caller.userId);
  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/script/list",
      access: IDE,
      handler: async (c) => {
        // The IDE opened: ready the HQL check before its first run.
        warmHqlCheck();
        const rows = await c.var.scope.repo(ideScript).list(mine(c), { orderBy: [desc(ideScript.updateTime), desc(ideScript.id)] });
        return ok(c, rows.map((r) => scriptVO(r, false)));
      },
    },
    {
      method: "GET",
      path: "/script/detail",
      access: IDE,
      handler: async (c) => {
        const id = queryParam(c, "id") ?? "";
        if (!isId(id)) throw badRequest(MSG_SCRIPT_MISSING);
        const [row] = await c.var.scope.repo(ideScript).list(and(mine(c), eq(ideScript.id, id)));
        if (!row) throw badRequest(MSG_SCRIPT_MISSING);
        return ok(c, scriptVO(row, true));
      },
    },
    {
      // No id: create; with an id: update what is given (a rename sends only the name).
      method: "POST",
      path: "/script/submit",
      access: IDE,
      handler: async (c) => {
        const body = await readJsonObject(c);
        const errors: FieldError[] = [];
        const id = body.id === undefined || body.id === null || body.id === "" ? undefined : String(body.id);
        const values: Record<string, unknown> = {};
        if (id === undefined || body.name !== undefined) values.name = readName(body.name, errors);
        if (id === undefined || body.language !== undefined) values.language = readLanguage(body.language, errors);
        if (id === undefined || body.content !== undefined) values.content = readContent(body.content ?? "", errors);
        failIf(errors);
        const scope = c.var.scope;
        const saved = await scope.transaction(async (tx) => {
          const repo = tx.repo(ideScript);
          if (id === undefined) return repo.insert(values);
          if (!isId(id)) throw badRequest(MSG_SCRIPT_MISSING);
          const [own] = await repo.list(and(mine(c), eq(ideScript.id, id)));
          if (!own) throw badRequest(MSG_SCRIPT_MISSING);
          await repo.update([id], values, MSG_SCRIPT_MISSING);
          return id;
        });
        const [row] = await scope.repo(ideScript).list(eq(ideScript.id, saved));
        return ok(c, scriptVO(row, true));
      },
    },
    {
      method: "POST",
      path: "/script/remove",
      access: IDE,
      handler: async (c) => {
        const ids = await readIds(c);
        if (ids.length === 0) throw badRequest(MSG_SCRIPT_MISSING);
        await c.var.scope.transaction(async (tx) => {
          const repo = tx.repo(ideScript);
          const own = await repo.list(and(mine(c), inArray(ideScript.id, ids)));
          if (own.length !== ids.length) throw badRequest(MSG_SCRIPT_MISSING);
          await repo.remove(ids, MSG_SCRIPT_MISSING);
        });
        return ok(c, true);
      },
    },
    {
      method: "POST",
      path: "/run",
      access: IDE,
      handler: async (c) => {
        const body = await readJsonObject(c);
        const errors: FieldError[] = [];
        const language = readLanguage(body.language, errors);
        const content = readContent(body.content, errors);
        failIf(errors);
        // A script that would not compile, or names a table or column the sandbox does not have,
        // fails as a whole before anything runs or asks for approval (Hive compiles before it runs).
        if (language === "hql") {
          const wrong = await checkHql(content);
          if (wrong.length) throw badRequest(wrong[0].message, { runFailed: true, errors: wrong });
        }
        const needed = occurrences(riskyStatements(language, content));
        if (!needed.length) return ok(c, execute(language, content));
        // Each high-risk statement needs an approval of its own for each time it runs; they are
        // used up in the transaction that runs the script: a run that fails leaves them for the
        // next try, and a second run finds them used.
        const results = await c.var.scope.transaction(async (tx) => {
          await lockApprovals(tx);
          const repo = tx.repo(ideRunApproval);
          const use: string[] = [];
          const missing: string[] = [];
          for (const n of needed) {
            const approved = await repo.list(ownApprovals(tx, n.hash, [APPROVAL_STATE.approved]), { orderBy: [asc(ideRunApproval.id)], limit: n.count });
            if (approved.length < n.count) missing.push(n.text);
            else use.push(...approved.map((a) => a.id));
          }
          if (missing.length) throw badRequest(MSG_NEEDS_APPROVAL, { needsApproval: true, statements: missing });
          const ran = execute(language, content);
          await repo.update(use, { state: APPROVAL_STATE.used }, MSG_NEEDS_APPROVAL);
          return ran;
        });
        return ok(c, results);
      },
    },
    {
      // Asks for a second person's approval of each high-risk statement of the script (one for
      // each time it runs), for the caller alone; asking again answers the same requests until
      // they are rejected or used.
      method: "POST",
      path: "/approval/request",
      access: IDE,
      handler: async (c) => {
        const body = await readJsonObject(c);
        const errors: FieldError[] = [];
        const language = readLanguage(body.language, errors);
        const content = readContent(body.content, errors);
        failIf(errors);
        const needed = occurrences(riskyStatements(language, content));
        if (!needed.length) throw badRequest("该脚本无需审批");
        const rows = await c.var.scope.transaction(async (tx) => {
          await lockApprovals(tx);
          const repo = tx.repo(ideRunApproval);
          const ids: string[] = [];
          for (const n of needed) {
            const open = await repo.list(ownApprovals(tx, n.hash, [APPROVAL_STATE.pending, APPROVAL_STATE.approved]), { orderBy: [asc(ideRunApproval.id)], limit: n.count });
            ids.push(...open.map((a) => a.id));
            for (let k = open.length; k < n.count; k++) ids.push(await repo.insert({ scriptHash: n.hash, language, content: n.text, state: APPROVAL_STATE.pending }));
          }
          const found = await repo.list(inArray(ideRunApproval.id, ids));
          return ids.map((id) => found.find((r) => r.id === id)!);
        });
        const state = rows.every((r) => r.state === APPROVAL_STATE.approved) ? APPROVAL_STATE.approved : APPROVAL_STATE.pending;
        return ok(c, { id: rows[0].id, ids: rows.map((r) => r.id), state, statements: rows.map((r) => ({ id: r.id, text: r.content, state: r.state })) });
      },
    },
    {
      method: "GET",
      path: "/approval/list",
      access: APPROVE,
      handler: async (c) => {
        const rows = await c.var.scope
          .repo(ideRunApproval)
          .list(eq(ideRunApproval.state, APPROVAL_STATE.pending), { orderBy: [desc(ideRunApproval.createTime), desc(ideRunApproval.id)], limit: 200 });
        return ok(
          c,
          rows.map((r) => ({ id: r.id, language: r.language, content: r.content, hash: r.scriptHash, state: r.state, createUser: r.createUser, createTime: r.createTime })),
        );
      },
    },
    ...(["approve", "reject"] as const).map((action) => ({
      method: "POST" as const,
      path: `/approval/${action}`,
      access: APPROVE,
      handler: async (c: Parameters<typeof scopeFor>[1]) => {
        const id = (await readIds(c, "id"))[0];
        if (!id) throw badRequest(MSG_APPROVAL_MISSING);
        await c.var.scope.transaction(async (tx) => {
          const repo = tx.repo(ideRunApproval);
          const row = await repo.get(id, MSG_APPROVAL_MISSING);
          // The point of the approval is a second pair of eyes.
          if (row.createUser === c.var.caller.userId) throw forbidden(MSG_SELF_APPROVAL);
          if (row.state !== APPROVAL_STATE.pending) throw badRequest(MSG_APPROVAL_DONE);
          await repo.update([id], {
            state: action === "approve" ? APPROVAL_STATE.approved : APPROVAL_STATE.rejected,
            approveUser: c.var.caller.userId,
            approveTime: formatDateTime(new Date(ctx.now())),
          });
        });
        return ok(c, true);
      },
    })),
  ]);
}

export const ideModule: ApiModule = { base: "/blade-ide", routes: ideRoutes };
