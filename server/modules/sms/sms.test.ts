import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { smsConfig } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

const BASE = "/api/blade-resource/sms";
const SECRET = "aliyun-Secret-KEY-123";

/** A fake Aliyun SMS API: checks the request's signature with the secret, keeps what it was asked to send. */
interface FakeSent {
  phone: string;
  sign: string;
  template: string;
  params: Record<string, string>;
}
let fake: Server;
let fakeUrl = "";
const sent: FakeSent[] = [];
let answer = { Code: "OK", Message: "OK" };

const percent = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

let t: TestApp;
let tokens: TenantTokens;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const signature = form.get("Signature") ?? "";
      form.delete("Signature");
      const entries = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
      const canonical = entries.map(([k, v]) => `${percent(k)}=${percent(v)}`).join("&");
      const expected = createHmac("sha1", `${SECRET}&`).update(`POST&${percent("/")}&${percent(canonical)}`).digest("base64");
      res.setHeader("Content-Type", "application/json");
      if (signature !== expected) return res.end(JSON.stringify({ Code: "SignatureDoesNotMatch", Message: "bad signature" }));
      sent.push({ phone: form.get("PhoneNumbers")!, sign: form.get("SignName")!, template: form.get("TemplateCode")!, params: JSON.parse(form.get("TemplateParam")!) });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((ok) => fake.listen(0, "127.0.0.1", ok));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/`;
  t = await freshApp({ oauth: false });
  // The app's outbound HTTP reaches the fake provider on this machine (no other network in tests).
  t.ctx.fetch = (input, init) => fetch(input, init);
  tokens = await twoTenants(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((done) => fake.close(done));
});

const settings = (extra: Record<string, unknown> = {}) => ({
  smsCode: "VERIFICATION_CODE",
  provider: "aliyun",
  accessKey: "LTAI-test",
  secretKey: SECRET,
  signName: "刀锋科技",
  templateId: "SMS_123456",
  regionId: "cn-hangzhou",
  endpoint: fakeUrl,
  ...extra,
});

const submit = async (token: string, json: unknown) => {
  const res = await t.request(`${BASE}/submit`, { token, json });
  const raw = await res.text();
  return { status: res.status, raw, body: JSON.parse(raw) };
};
const detail = async (token: string) => {
  const res = await t.request(`${BASE}/detail`, { token, query: { smsCode: "VERIFICATION_CODE" } });
  const raw = await res.text();
  return { status: res.status, raw, body: JSON.parse(raw) };
};
const setStatus = (token: string, status: number) => t.request(`${BASE}/updateStatus`, { token, json: { smsCode: "VERIFICATION_CODE", status } });

describe("SMS settings", () => {
  it("answers the log default before anything is saved", async () => {
    expect((await detail(tokens.admin100001)).body.data).toMatchObject({ id: null, provider: "log", secretKeySet: false, status: 0 });
  });

  it("saves disabled, answers the secret key only as set, stores it sealed", async () => {
    const saved = await submit(tokens.admin100001, settings());
    expect(saved.body.msg).toBe("操作成功");
    expect(saved.body.data).toMatchObject({ provider: "aliyun", accessKey: "LTAI-test", secretKeySet: true, status: 0 });
    const read = await detail(tokens.admin100001);
    for (const r of [saved, read]) {
      expect(r.raw).not.toContain(SECRET);
      expect(Object.keys(r.body.data)).not.toContain("secretKey");
    }
    const [row] = await t.db.select().from(smsConfig).where(eq(smsConfig.tenantId, "100001"));
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row.secretKeySealed).toMatch(/^v1:/);
    // Saving again without a secret keeps it.
    await submit(tokens.admin100001, settings({ secretKey: "" }));
    const [again] = await t.db.select().from(smsConfig).where(eq(smsConfig.tenantId, "100001"));
    expect(t.ctx.secrets.open(again.secretKeySealed, "sms.secretKey")).toBe(SECRET);
  });

  it("refuses bad input beside its field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ provider: "carrier-pigeon" }, "provider", "服务商取值不正确"],
      [{ provider: "" }, "provider", "请选择服务商"],
      [{ templateId: "" }, "templateId", "请输入模板编号"],
      [{ signName: "" }, "signName", "请输入短信签名"],
      [{ endpoint: "not a url" }, "endpoint", "格式不正确"],
      [{ accessKey: 123 }, "accessKey", "AccessKey必须是文本"],
    ];
    for (const [change, field, message] of cases) {
      const r = await submit(tokens.admin100002, settings(change));
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body.data).toContainEqual({ field, message });
    }
    const noSecret = await submit(tokens.admin100002, settings({ secretKey: "" }));
    expect(noSecret.body.data).toContainEqual({ field: "secretKey", message: "请输入SecretKey" });
    expect((await t.request(`${BASE}/updateStatus`, { token: tokens.admin100001, json: { status: 7 } })).status).toBe(400);
  });

  it("is the tenant's own, and closed to users without the menu", async () => {
    expect((await detail(tokens.admin100002)).body.data).toMatchObject({ id: null });
    expect((await detail(tokens.plain100001)).status).toBe(403);
    expect((await submit(tokens.plain100001, settings())).status).toBe(403);
    expect((await setStatus(tokens.plain100001, 1)).status).toBe(403);
  });
});

describe("sign-in codes through the enabled configuration", () => {
  const phone = "13800138001";
  const askCode = () => t.request("/api/blade-auth/oauth/smsCode", { query: { phone }, headers: { "Tenant-Id": "100001" } });

  it("while disabled, codes go to the log as before", async () => {
    expect((await askCode()).status).toBe(200);
    expect(t.lastCodeSent(phone)).toMatch(/^\d{6}$/);
    expect(sent).toHaveLength(0);
  });

  it("once enabled, the provider receives the sign-in code, and the code signs in", async () => {
    await t.createUser({ account: "smsuser", password: "Passw0rd!x", tenantId: "100001", phone });
    expect((await setStatus(tokens.admin100001, 1)).status).toBe(200);
    expect((await detail(tokens.admin100001)).body.data.status).toBe(1);
    t.advanceTime(61_000);
    const res = await askCode();
    expect(res.status).toBe(200);
    const { id } = (await res.json()).data;
    expect(sent.at(-1)).toMatchObject({ phone, sign: "刀锋科技", template: "SMS_123456", params: { code: expect.stringMatching(/^\d{6}$/) } });
    const token = await t.tokenRequest({ grant_type: "sms", tenantId: "100001", phone, value: sent.at(-1)!.params.code, id }, { "Tenant-Id": "100001" });
    expect(token.status).toBe(200);
    expect((await token.json()).account).toBe("smsuser");
  });

  it("a provider's refusal is one plain message, logged for the operator, never a 500", async () => {
    answer = { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "limit" };
    try {
      t.advanceTime(61_000);
      const res = await askCode();
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe("验证码发送失败,请稍后再试");
    } finally {
      answer = { Code: "OK", Message: "OK" };
    }
  });
});

describe("the secret key is never logged nor answered", () => {
  const ECHO = "https://sms-echo.test/send";
  const phone = "13800138077";
  const YUNPIAN_KEY = "yunpian-Api-KEY-987";

  it("not when a provider's refusal quotes the request it received", async () => {
    // Yunpian carries its API key in the form: a provider (or proxy) answering with the request quoted.
    const before = t.ctx.fetch;
    let status = 200;
    t.ctx.fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input) !== ECHO) return before(input, init);
      const form = new URLSearchParams(String(init?.body));
      const msg = `apikey ${form.get("apikey")} 不正确 (${String(init?.body)})`;
      return new Response(status === 200 ? JSON.stringify({ code: -1, msg }) : msg, { status, headers: { "Content-Type": "application/json" } });
    };
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" "))),
    );
    try {
      const saved = await submit(tokens.admin100002, settings({ provider: "yunpian", accessKey: "", secretKey: YUNPIAN_KEY, endpoint: ECHO }));
      expect(saved.status).toBe(200);
      expect(saved.raw).not.toContain(YUNPIAN_KEY);
      expect((await setStatus(tokens.admin100002, 1)).status).toBe(200);
      for (const answer of [200, 401]) {
        status = answer;
        t.advanceTime(61_000);
        const res = await t.request("/api/blade-auth/oauth/smsCode", { query: { phone }, headers: { "Tenant-Id": "100002" } });
        const raw = await res.text();
        expect(JSON.parse(raw).msg, String(answer)).toBe("验证码发送失败,请稍后再试");
        expect(raw).not.toContain(YUNPIAN_KEY);
      }
      expect((await detail(tokens.admin100002)).raw).not.toContain(YUNPIAN_KEY);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
      t.ctx.fetch = before;
    }
    const log = lines.join("\n");
    // Both refusals reached the log (the check below looked at them), without the key.
    expect(log).toContain("yunpian: -1 apikey ****** 不正确");
    expect(log).toContain("HTTP 401 apikey ****** 不正确");
    expect(log).not.toContain(YUNPIAN_KEY);
  });

  it("nor by the operation log of the writes that set it", async () => {
    const res = await t.request("/api/blade-log/api/operationList", { token: tokens.admin, query: { current: 1, size: 200 } });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw).toContain("blade_sms");
    for (const secret of [SECRET, YUNPIAN_KEY]) expect(raw).not.toContain(secret);
  });
});
