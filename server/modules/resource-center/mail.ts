import { and, eq, inArray, like, ne, or } from "drizzle-orm";
import { ADMINISTRATOR_ALIAS, DEFAULT_TENANT_ID } from "../../../domain/contract";
import type { AppContext } from "../../context";
import { app, appDirectory, mailConfig, menu, resourceRequest, role, roleMenu, user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { toMailSettings, type MailSettings } from "../../notify/mail-settings";
import { sendMail } from "../../notify/smtp";
import type { TenantScope } from "../../security/tenant-scope";
import { APPROVE_CODE, firstStep } from "./authority";
import { STATE } from "./events";

/**
 * Mail of the resource centre (issue 21: "requester and approvers are told by mail when mail is
 * configured"): the approvers hear of a request that reached them (a new one, or one whose first
 * step the directory owner passed), the requester of the decision. Best effort, after the change
 * is committed and in the background: a mail server that is slow, down or refusing never delays
 * nor fails the request, it is only logged. Like the password notices (server/notify/notices.ts),
 * a mail carries no text typed by another person (no reason, no comment): it names the
 * application and says where to look.
 */

type RequestRow = typeof resourceRequest.$inferSelect;

const MAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** The tenant's own mail server, else the platform's (tenant 000000), else none: read through the scope. */
async function settingsFor(scope: TenantScope, secrets: AppContext["secrets"], tenantId: string): Promise<MailSettings | undefined> {
  for (const t of tenantId === DEFAULT_TENANT_ID ? [tenantId] : [tenantId, DEFAULT_TENANT_ID]) {
    const [row] = await scope.systemIn(t).repo(mailConfig).list(eq(mailConfig.status, 1), { limit: 1 });
    if (row) return toMailSettings(row, secrets);
  }
  return undefined;
}

/** Users of `tenantId` holding one of `roleIds` (the comma list of user.role_id; ids are digits only). */
function holdingAny(roleIds: string[]) {
  return or(...roleIds.flatMap((id) => [eq(user.roleId, id), like(user.roleId, `${id},%`), like(user.roleId, `%,${id}`), like(user.roleId, `%,${id},%`)]));
}

/** Who approves the request's present step: the directory owner for a first step, else the holders of 通过. */
async function approversOf(scope: TenantScope, r: RequestRow): Promise<(typeof user.$inferSelect)[]> {
  const sys = scope.systemIn(r.tenantId);
  if (firstStep(r)) {
    const [dir] = await sys.repo(appDirectory).list(eq(appDirectory.id, r.directoryId), { limit: 1 });
    return dir ? sys.repo(user).list(and(eq(user.id, dir.ownerId), eq(user.status, 1))) : [];
  }
  const [code] = await sys.repo(menu).list(eq(menu.code, APPROVE_CODE), { limit: 1 });
  const granted = code ? (await sys.platform(roleMenu).select({ roleId: roleMenu.roleId }, eq(roleMenu.menuId, code.id))).map((g) => g.roleId) : [];
  const roles = await sys.repo(role).list(
    or(
      granted.length ? inArray(role.id, granted) : undefined,
      // The platform administrator decides everything in its own tenant without any grant.
      r.tenantId === DEFAULT_TENANT_ID ? eq(role.roleAlias, ADMINISTRATOR_ALIAS) : undefined,
    ) ?? eq(role.id, "0"),
  );
  if (roles.length === 0) return [];
  return sys.repo(user).list(and(holdingAny(roles.map((x) => x.id)), eq(user.status, 1), ne(user.id, r.userId)));
}

function arrivedMail(to: string, appName: string, requester: string, at: string) {
  return {
    to,
    subject: `【Blade】新的资源申请待审批：${appName}`,
    text:
      `${requester} 申请使用应用「${appName}」，等待您审批。\n时间:${at}\n请登录控制台，在「资源中心 / 审批管理」中处理。\n\n` +
      `${requester} asked to use the application "${appName}" and awaits your decision.\nTime: ${at}\nSign in to the console and open Resource centre / Approvals.`,
  };
}

function decidedMail(to: string, appName: string, approved: boolean, at: string) {
  const zh = approved ? "已通过" : "已驳回";
  const en = approved ? "approved" : "rejected";
  return {
    to,
    subject: `【Blade】您的资源申请${zh}：${appName}`,
    text:
      `您申请使用应用「${appName}」的申请${zh}。\n时间:${at}\n详情见控制台「资源中心 / 资源申请」。\n\n` +
      `Your request to use the application "${appName}" was ${en}.\nTime: ${at}\nSee Resource centre / Resource requests in the console for details.`,
  };
}

/**
 * Sends the mails for the requests `ids` as they now stand (call after the commit): a pending one
 * to the approvers of its present step, a decided one to its requester. Resolves when every send
 * has ended (tests wait on it); never rejects.
 */
export async function mailAboutRequests(ctx: AppContext, scope: TenantScope, ids: string[]): Promise<void> {
  try {
    const sys = scope.systemIn(scope.tenantId);
    const rows = ids.length ? await sys.repo(resourceRequest).list(inArray(resourceRequest.id, ids)) : [];
    if (rows.length === 0) return;
    const settings = await settingsFor(scope, ctx.secrets, scope.tenantId);
    if (!settings) return;
    const apps = await sys.repo(app).list(inArray(app.id, [...new Set(rows.map((r) => r.appId))]));
    const at = formatDateTime(new Date(ctx.now()));
    for (const r of rows) {
      const appName = apps.find((a) => a.id === r.appId)?.appName ?? "";
      const messages = [];
      if (r.state === STATE.pending) {
        const [requester] = await sys.repo(user).list(eq(user.id, r.userId), { limit: 1 });
        const name = requester?.realName || requester?.account || "";
        for (const a of await approversOf(scope, r)) if (MAIL_ADDRESS.test(a.email)) messages.push(arrivedMail(a.email, appName, name, at));
      } else if (r.state === STATE.approved || r.state === STATE.rejected) {
        const [requester] = await sys.repo(user).list(eq(user.id, r.userId), { limit: 1 });
        if (requester && MAIL_ADDRESS.test(requester.email)) messages.push(decidedMail(requester.email, appName, r.state === STATE.approved, at));
      }
      for (const m of messages) {
        try {
          const result = await sendMail(settings, m);
          if (result.accepted.length === 0) throw new Error(`mail refused: ${result.response}`);
        } catch (error) {
          ctx.logError(error, "sending a resource-centre mail");
        }
      }
    }
  } catch (error) {
    ctx.logError(error, "preparing resource-centre mail");
  }
}
