import { createHash, createHmac, randomUUID } from "node:crypto";
import { SMS_PROVIDERS, type SmsProvider } from "../../domain/resources/system/shortMessageService/spec";
import { redactSecret } from "../security/secrets";

/**
 * SMS providers behind one interface. Each adapter is a thin client of the provider's public HTTP
 * API, over the app's outbound fetch (tests answer it with a local fake provider). `log` sends
 * nothing: the code goes to the server log as before any provider was configured.
 */
export interface SmsSettings {
  provider: SmsProvider;
  accessKey: string;
  secretKey: string;
  signName: string;
  templateId: string;
  regionId: string;
  /** Another base address of the provider's API; the provider's own when empty. */
  endpoint: string;
}

export interface SmsMessage {
  phone: string;
  /** The template's parameters: `{ code: "123456" }` for a verification code. */
  params: Record<string, string>;
}

export interface SmsAdapter {
  /** The provider's official API address. */
  defaultEndpoint: string;
  send(fetcher: typeof fetch, settings: SmsSettings, message: SmsMessage, now: number): Promise<void>;
}

export { SMS_PROVIDERS, type SmsProvider };

/** A provider refused or could not be reached; the message goes to the server log. */
export class SmsError extends Error {}

const TIMEOUT_MS = 10_000;

async function call(fetcher: typeof fetch, url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetcher(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = (await res.text()).slice(0, 4000);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // judged by the status below
  }
  if (!res.ok) throw new SmsError(`HTTP ${res.status} ${text.slice(0, 200)}`);
  return body;
}

const percent = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun dysmsapi SendSms, RPC style with HMAC-SHA1 signature (signature version 1.0). */
const aliyun: SmsAdapter = {
  defaultEndpoint: "https://dysmsapi.aliyuncs.com/",
  async send(fetcher, s, m, now) {
    const params: Record<string, string> = {
      AccessKeyId: s.accessKey,
      Action: "SendSms",
      Format: "JSON",
      PhoneNumbers: m.phone,
      RegionId: s.regionId || "cn-hangzhou",
      SignName: s.signName,
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: randomUUID(),
      SignatureVersion: "1.0",
      TemplateCode: s.templateId,
      TemplateParam: JSON.stringify(m.params),
      Timestamp: new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z"),
      Version: "2017-05-25",
    };
    const canonical = Object.keys(params).sort().map((k) => `${percent(k)}=${percent(params[k])}`).join("&");
    const toSign = `POST&${percent("/")}&${percent(canonical)}`;
    const signature = createHmac("sha1", `${s.secretKey}&`).update(toSign).digest("base64");
    const body = await call(fetcher, s.endpoint || this.defaultEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: `Signature=${percent(signature)}&${canonical}`,
    });
    if (body.Code !== "OK") throw new SmsError(`aliyun: ${String(body.Code)} ${String(body.Message ?? "")}`);
  },
};

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const hmac = (key: string | Buffer, s: string) => createHmac("sha256", key).update(s).digest();

/** Tencent Cloud SMS SendSms (2021-01-11) with the TC3-HMAC-SHA256 signature. accessKey is `SecretId` or `SecretId:SdkAppId`. */
const tencent: SmsAdapter = {
  defaultEndpoint: "https://sms.tencentcloudapi.com/",
  async send(fetcher, s, m, now) {
    const [secretId, sdkAppId = ""] = s.accessKey.split(":");
    const url = new URL(s.endpoint || this.defaultEndpoint);
    const timestamp = Math.floor(now / 1000);
    const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const payload = JSON.stringify({
      PhoneNumberSet: [m.phone.startsWith("+") ? m.phone : `+86${m.phone}`],
      SmsSdkAppId: sdkAppId,
      SignName: s.signName,
      TemplateId: s.templateId,
      TemplateParamSet: Object.values(m.params),
    });
    const headers = `content-type:application/json; charset=utf-8\nhost:${url.host}\n`;
    const request = `POST\n/\n\n${headers}\ncontent-type;host\n${sha256(payload)}`;
    const scope = `${date}/sms/tc3_request`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(request)}`;
    const key = hmac(hmac(hmac(`TC3${s.secretKey}`, date), "sms"), "tc3_request");
    const signature = createHmac("sha256", key).update(toSign).digest("hex");
    const body = await call(fetcher, url.toString(), {
      method: "POST",
      headers: {
        Authorization: `TC3-HMAC-SHA256 Credential=${secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
        "Content-Type": "application/json; charset=utf-8",
        "X-TC-Action": "SendSms",
        "X-TC-Version": "2021-01-11",
        "X-TC-Timestamp": String(timestamp),
        "X-TC-Region": s.regionId || "ap-guangzhou",
      },
      body: payload,
    });
    const response = (body.Response ?? {}) as { Error?: { Code?: string; Message?: string }; SendStatusSet?: { Code?: string; Message?: string }[] };
    if (response.Error) throw new SmsError(`tencent: ${response.Error.Code} ${response.Error.Message ?? ""}`);
    const status = response.SendStatusSet?.[0];
    if (!status || status.Code !== "Ok") throw new SmsError(`tencent: ${status?.Code ?? "no status"} ${status?.Message ?? ""}`);
  },
};

/** Yunpian tpl_single_send: the API key is the secret key; templateId is tpl_id. */
const yunpian: SmsAdapter = {
  defaultEndpoint: "https://sms.yunpian.com/v2/sms/tpl_single_send.json",
  async send(fetcher, s, m) {
    const tplValue = Object.entries(m.params).map(([k, v]) => `${encodeURIComponent(`#${k}#`)}=${encodeURIComponent(v)}`).join("&");
    const form = new URLSearchParams({ apikey: s.secretKey, mobile: m.phone, tpl_id: s.templateId, tpl_value: tplValue });
    const body = await call(fetcher, s.endpoint || this.defaultEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded;charset=utf-8", Accept: "application/json" },
      body: form.toString(),
    });
    if (body.code !== 0) throw new SmsError(`yunpian: ${String(body.code)} ${String(body.msg ?? "")}`);
  },
};

export const SMS_ADAPTERS: Record<Exclude<SmsProvider, "log">, SmsAdapter> = { aliyun, tencent, yunpian };

/**
 * Sends through the provider's adapter; a failure's message goes to the server log, so it never
 * carries the secret key, even when the provider's answer quotes the request (Yunpian's apikey
 * travels in the form itself).
 */
export async function sendSms(fetcher: typeof fetch, settings: SmsSettings, message: SmsMessage, now: number): Promise<void> {
  if (settings.provider === "log") throw new SmsError("sendSms: the log provider sends nothing");
  try {
    await SMS_ADAPTERS[settings.provider].send(fetcher, settings, message, now);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const text = redactSecret(error.message, settings.secretKey);
    throw text === error.message ? error : new SmsError(text);
  }
}
