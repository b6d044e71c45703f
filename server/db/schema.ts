/**
 * The one Postgres-dialect schema (BladeX tables, `blade_` prefix, snake_case columns) shared by
 * PGlite and node-postgres. Each module defines its own tables beside its code; this index
 * gathers them for the Drizzle client (typed relational queries), the seed and the tests, and is
 * how a module reaches another module's table: never by importing that module's files.
 */
export { app, appCategory, appRole, userAppRole } from "../modules/app/schema";
export { client } from "../modules/auth/schema";
export { dept } from "../modules/dept/schema";
export { dict, dictBiz } from "../modules/dict/schema";
export { appVisitLog, errorLog, loginLog, operationLog } from "../modules/log/schema";
export { mailConfig } from "../modules/mail/schema";
export { menu, topMenu, topMenuSetting } from "../modules/menu/schema";
export { param } from "../modules/param/schema";
export { passwordHistory, passwordPolicy } from "../modules/password-policy/schema";
export { post } from "../modules/post/schema";
export { file } from "../modules/resource/schema";
export { role, roleCategory, roleGroup, roleGroupApp, roleGroupAppRole, roleMenu, roleScope } from "../modules/role/schema";
export { ideRunApproval, ideScript, sampleApprovalDecision } from "../modules/sample/schema";
export { scopeApi, scopeData } from "../modules/scope/schema";
export { smsConfig } from "../modules/sms/schema";
export { tenant, tenantPackage } from "../modules/tenant/schema";
export { thirdLogin } from "../modules/third-login/schema";
export { user, userDept, userExt } from "../modules/user/schema";
export { commonMenu } from "../modules/workbench/schema";
export { authSession, captcha, loginFailure, oauthNonce, setting, userOauth, verifyCode } from "./security-schema";
