import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { SMS_API, SMS_CODES, VERIFICATION_CODE, smsFieldErrors, smsMessages } from "../../../domain/resources/system/shortMessageService/spec";
import type { AppContext, AppEnv } from "../../context";
import { smsConfig } from "../../db/schema";
import { queryParam, readJsonObject, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { fieldErrors } from "../../kit/crud";
import type { ApiModule } from "../../kit/module";
import { can, canAny, defineRoutes, requirePermission } from "../../security/authorize";
import { type TenantScope } from "../../security/tenant-scope";
import { SMS_SECRET_FIELD, type SmsConfigRow } from "../../notify/sms-settings";

export const MSG_SMS_MISSING = "短信配置不存在";
const SMS_CODE = /^[A-Za-z0-9_.:-]{1,64}$/;

function smsCodeOf(value: unknown): string {
  const code = typeof value === "string" && value.trim() ? value.trim() : VERIFICATION_CODE;
  if (!SMS_CODE.test(code)) throw badRequest("请求参数格式错误: smsCode");
  return code;
}

async function rowOf(scope: TenantScope, smsCode: string): Promise<SmsConfigRow | undefined> {
  const [row] = await scope.repo(smsConfig).list(eq(smsConfig.smsCode, smsCode), { limit: 1, tenantId: scope.tenantId });
  return row;
}

/** The settings as the console shows them: the secret key only as "set". */
export function smsVO(row: SmsConfigRow | undefined, smsCode: string) {
  if (!row) {
    return { id: null, smsCode, provider: "log", accessKey: "", secretKeySet: false, signName: "", templateId: "", regionId: "", endpoint: "", remark: "", status: 0 };
  }
  return {
    id: row.id,
    tenantId: row.tenantId,
    smsCode: row.smsCode,
    provider: row.provider,
    accessKey: row.accessKey,
    secretKeySet: row.secretKeySealed !== "",
    signName: row.signName,
    templateId: row.templateId,
    regionId: row.regionId,
    endpoint: row.endpoint,
    remark: row.remark,
    status: row.status,
  };
}

/** /blade-resource/sms: detail?smsCode=, submit (one row per tenant and use), updateStatus. */
export function smsRoutes(ctx: AppContext) {
  const submit = async (c: Context<AppEnv>) => {
    const body = await readJsonObject(c);
    const smsCode = smsCodeOf(body.smsCode);
    const scope = c.var.scope;
    const id = await scope.transaction(async (tx) => {
      const existing = await rowOf(tx, smsCode);
      await requirePermission(ctx, c.var.caller, existing ? SMS_CODES.edit : SMS_CODES.create);
      const errors = smsFieldErrors({ ...body, smsCode }, !!existing?.secretKeySealed);
      if (errors.length) fieldErrors(errors);
      const text = (k: string) => (typeof body[k] === "string" ? (body[k] as string).trim() : "");
      const values: Record<string, unknown> = {
        smsCode,
        provider: text("provider"),
        accessKey: text("accessKey"),
        signName: text("signName"),
        templateId: text("templateId"),
        regionId: text("regionId"),
        endpoint: text("endpoint"),
        remark: text("remark"),
      };
      // Empty keeps the stored secret key; a new one replaces it, sealed.
      const secret = typeof body.secretKey === "string" ? body.secretKey : "";
      if (secret) values.secretKeySealed = ctx.secrets.seal(secret, SMS_SECRET_FIELD);
      if (existing) {
        await tx.repo(smsConfig).update([existing.id], values, MSG_SMS_MISSING);
        return existing.id;
      }
      // A new configuration starts disabled: codes keep going where they went until it is switched on.
      return tx.repo(smsConfig).insert({ ...values, status: body.status === 1 || body.status === "1" ? 1 : 0 }, tx.tenantId);
    });
    const [row] = await scope.repo(smsConfig).find([id], MSG_SMS_MISSING);
    return ok(c, smsVO(row, smsCode));
  };

  const updateStatus = async (c: Context<AppEnv>) => {
    const json = (c.req.header("content-type") ?? "").includes("application/json");
    const params: Record<string, unknown> = json ? await readJsonObject(c) : await readParams(c);
    const status = Number(params.status);
    if (status !== 0 && status !== 1) throw badRequest(smsMessages.statusInvalid.zh);
    const scope = c.var.scope;
    await scope.transaction(async (tx) => {
      const row = await rowOf(tx, smsCodeOf(params.smsCode));
      if (!row || (params.id !== undefined && params.id !== "" && String(params.id) !== row.id)) throw badRequest(MSG_SMS_MISSING);
      await tx.repo(smsConfig).update([row.id], { status }, MSG_SMS_MISSING);
    });
    return ok(c, true);
  };

  return defineRoutes(ctx, [
    {
      method: "GET",
      path: "/detail",
      access: can(SMS_CODES.view),
      handler: async (c) => {
        const smsCode = smsCodeOf(queryParam(c, "smsCode"));
        return ok(c, smsVO(await rowOf(c.var.scope, smsCode), smsCode));
      },
    },
    { method: "POST", path: "/submit", access: canAny(SMS_CODES.create, SMS_CODES.edit), handler: submit },
    { method: "POST", path: "/updateStatus", access: can(SMS_CODES.edit), handler: updateStatus },
  ]);
}


export const smsModule: ApiModule = { base: SMS_API, routes: smsRoutes };
