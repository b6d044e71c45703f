import { isId } from "../../db/ids";
import { user } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { INIT_PASSWORD_KEY, readParam } from "../../security/params";
import { hashPlainPassword } from "../../security/password";
import type { Notice } from "../../notify/notices";
import { generatePassword } from "../../security/generate-password";
import { checkNewPassword, loadPasswordPolicy, recordPasswords, reusedPasswordError } from "../../security/password-policy";
import { revokeUserSessions } from "../../security/sessions";
import type { TenantScope } from "../../security/tenant-scope";
import { MSG_MISSING, guardAdministrators } from "./service";

/** The initial password breaks a tenant's password policy: the policy's words, and where to fix it. */
export const initAgainstPolicy = (weak: string) => `初始密码不符合密码策略: ${weak}。请在参数管理中修改参数 ${INIT_PASSWORD_KEY}`;
export const MSG_NO_INIT_PASSWORD = `未设置初始密码,请先在参数管理中设置参数 ${INIT_PASSWORD_KEY},或为用户输入、生成新密码`;
export const MSG_ONE_USER = "输入或生成的新密码一次只能重置一个用户";
export const MSG_PASSWORD_REQUIRED = "请输入新密码";

/**
 * Which password a reset gives (Keycloak's choices): the parameters' initial password (BladeX's
 * call, which sends nothing else), one the operator typed, or one the server generates.
 */
export type ResetChoice = { kind: "initial" } | { kind: "typed"; password: string } | { kind: "generated" };

export interface ResetOptions {
  choice?: ResetChoice;
  /** The users must change the password at their next sign-in (password-policy.ts, passwordChangeDue). */
  mustChange?: boolean;
}

/**
 * What resetPwd answers: the password the users now have when the operator did not type it (the
 * initial or a generated one), for the operator to pass on, shown once; a typed one is never echoed.
 */
export interface ResetResult {
  password?: string;
  mustChange: boolean;
}

/** What the reset dialog needs before asking: whether an initial password is configured (never the password). */
export async function resetInfo(scope: TenantScope): Promise<{ initPassword: boolean; paramKey: string }> {
  return { initPassword: Boolean(await readParam(scope, INIT_PASSWORD_KEY)), paramKey: INIT_PASSWORD_KEY };
}

/**
 * /blade-user/resetPwd (and BladeX's reset-password): the users' password becomes the chosen one,
 * checked against each user's tenant policy, and their sessions end, all of them or none. A typed
 * or generated password is for one user at a time, and a typed one is also held to its history.
 */
export async function resetPasswords(
  scope: TenantScope,
  ids: string[],
  now: number = Date.now(),
  /** Told who was reset once it is committed (the owners' mail notices). */
  notify: (notices: Notice[]) => unknown = () => undefined,
  options: ResetOptions = {},
): Promise<ResetResult> {
  const choice = options.choice ?? { kind: "initial" };
  const mustChange = options.mustChange ?? false;
  if (ids.length === 0) throw badRequest("请选择要重置密码的用户");
  if (!ids.every(isId)) throw badRequest("请求参数格式错误: ids");
  if (choice.kind !== "initial" && ids.length > 1) throw badRequest(MSG_ONE_USER);
  if (choice.kind === "typed" && !choice.password) throw badRequest(MSG_PASSWORD_REQUIRED, [{ field: "password", message: MSG_PASSWORD_REQUIRED }]);
  const initial = choice.kind === "initial" ? await readParam(scope, INIT_PASSWORD_KEY) : undefined;
  if (choice.kind === "initial" && !initial) throw badRequest(MSG_NO_INIT_PASSWORD);
  const rows = await scope.repo(user).find(ids, MSG_MISSING);
  await guardAdministrators(scope, rows);
  // The policy of each user's own tenant (the platform administrator may reset across tenants).
  const tenants = [...new Set(rows.map((r) => r.tenantId))];
  let plain: string;
  if (choice.kind === "generated") {
    plain = generatePassword(await loadPasswordPolicy(scope, tenants[0]));
  } else if (choice.kind === "typed") {
    plain = choice.password;
    const policy = await loadPasswordPolicy(scope, tenants[0]);
    const problem = checkNewPassword(policy, plain) ?? (await reusedPasswordError(scope, policy, rows[0], plain, rows[0].password));
    if (problem) throw badRequest(problem, [{ field: "password", message: problem }]);
  } else {
    plain = initial!;
    for (const tenantId of tenants) {
      const weak = checkNewPassword(await loadPasswordPolicy(scope, tenantId), plain);
      if (weak) throw badRequest(initAgainstPolicy(weak));
    }
  }
  const password = await hashPlainPassword(plain);
  await scope.transaction(async (tx) => {
    await tx.repo(user).update(ids, { password }, MSG_MISSING);
    for (const tenantId of tenants) {
      const of = rows.filter((r) => r.tenantId === tenantId).map((r) => r.id);
      await recordPasswords(tx, tenantId, of, password, now, { mustChange });
    }
    await revokeUserSessions(tx, rows, "password_reset");
  });
  notify(rows.map((r) => ({ kind: "passwordReset", tenantId: r.tenantId, to: r.email, account: r.account })));
  return choice.kind === "typed" ? { mustChange } : { password: plain, mustChange };
}

const TRUE = new Set(["true", "1"]);

/**
 * The extra arguments of our console (a JSON body the real BladeX never receives): `password` as
 * typed, or `generate`, and `mustChange`. A password is read from the body only, never the URL,
 * so that it stays out of access logs. Nothing given: the initial password, as BladeX does.
 */
export function resetOptionsOf(body: Record<string, unknown>): ResetOptions {
  const flag = (name: string) => {
    const v = body[name];
    if (v === undefined || v === null) return false;
    if (typeof v === "boolean") return v;
    if (typeof v === "string" || typeof v === "number") return TRUE.has(String(v));
    throw badRequest(`请求参数格式错误: ${name}`);
  };
  const typed = body.password;
  if (typed !== undefined && typed !== null && typeof typed !== "string") throw badRequest("请求参数格式错误: password");
  const choice: ResetChoice = flag("generate") ? { kind: "generated" } : typeof typed === "string" ? { kind: "typed", password: typed } : { kind: "initial" };
  return { choice, mustChange: flag("mustChange") };
}
