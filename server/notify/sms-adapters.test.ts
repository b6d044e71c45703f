import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SMS_ADAPTERS, SmsError, type SmsSettings } from "./sms-adapters";

/** A fetch that records the one request and answers `reply`. */
function fakeFetch(reply: unknown) {
  const seen: { url: string; headers: Record<string, string>; body: string }[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()), body: String(init?.body ?? "") });
    return new Response(JSON.stringify(reply), { headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
  return { fetcher, seen };
}

const base: SmsSettings = { provider: "tencent", accessKey: "AKIDtest:1400000000", secretKey: "tencent-secret", signName: "刀锋", templateId: "123", regionId: "", endpoint: "" };
const NOW = Date.UTC(2026, 10, 23, 8, 0, 0);

describe("SMS adapters", () => {
  it("tencent: SendSms with a TC3-HMAC-SHA256 signature, the phone in E.164, the SDK app id from the access key", async () => {
    const { fetcher, seen } = fakeFetch({ Response: { SendStatusSet: [{ Code: "Ok" }] } });
    await SMS_ADAPTERS.tencent.send(fetcher, base, { phone: "13800138000", params: { code: "123456" } }, NOW);
    const [req] = seen;
    expect(req.url).toBe("https://sms.tencentcloudapi.com/");
    expect(JSON.parse(req.body)).toEqual({ PhoneNumberSet: ["+8613800138000"], SmsSdkAppId: "1400000000", SignName: "刀锋", TemplateId: "123", TemplateParamSet: ["123456"] });
    expect(req.headers).toMatchObject({ "x-tc-action": "SendSms", "x-tc-timestamp": String(NOW / 1000), "x-tc-region": "ap-guangzhou" });
    expect(req.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtest\/2026-11-23\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
    // The secret itself never travels.
    expect(JSON.stringify(req)).not.toContain("tencent-secret");
  });

  it("tencent: a refused number is an error", async () => {
    const { fetcher } = fakeFetch({ Response: { SendStatusSet: [{ Code: "LimitExceeded.PhoneNumberDailyLimit", Message: "limit" }] } });
    await expect(SMS_ADAPTERS.tencent.send(fetcher, base, { phone: "13800138000", params: { code: "1" } }, NOW)).rejects.toThrow(SmsError);
  });

  it("yunpian: tpl_single_send with the API key, template id and #code# value", async () => {
    const { fetcher, seen } = fakeFetch({ code: 0, msg: "发送成功" });
    await SMS_ADAPTERS.yunpian.send(fetcher, { ...base, provider: "yunpian", secretKey: "yp-key" }, { phone: "13800138000", params: { code: "654321" } }, NOW);
    const form = new URLSearchParams(seen[0].body);
    expect(Object.fromEntries(form)).toEqual({ apikey: "yp-key", mobile: "13800138000", tpl_id: "123", tpl_value: `${encodeURIComponent("#code#")}=654321` });
    const { fetcher: refused } = fakeFetch({ code: 2, msg: "参数不正确" });
    await expect(SMS_ADAPTERS.yunpian.send(refused, base, { phone: "1", params: {} }, NOW)).rejects.toThrow(/yunpian: 2/);
  });

  it("aliyun: signs with HMAC-SHA1 of the secret key over the sorted parameters", async () => {
    const { fetcher, seen } = fakeFetch({ Code: "OK" });
    await SMS_ADAPTERS.aliyun.send(fetcher, { ...base, provider: "aliyun", accessKey: "LTAI", secretKey: "ali-secret" }, { phone: "13800138000", params: { code: "1" } }, NOW);
    const form = new URLSearchParams(seen[0].body);
    const signature = form.get("Signature")!;
    form.delete("Signature");
    const pct = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const canonical = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${pct(k)}=${pct(v)}`).join("&");
    expect(signature).toBe(createHmac("sha1", "ali-secret&").update(`POST&%2F&${pct(canonical)}`).digest("base64"));
    expect(form.get("Timestamp")).toBe("2026-11-23T08:00:00Z");
  });
});
