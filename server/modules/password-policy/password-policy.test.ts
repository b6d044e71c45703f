import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenResponse, TreeNode } from "../../../domain/contract";
import { PASSWORD_EXPIRED, checkPassword, readPasswordRuleSet, type PasswordPolicy } from "../../../domain/validation/password-policy";
import { role } from "../../db/schema";
import { md5Hex } from "../../security/password";
import { freshApp, type RequestOptions, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let admin: string;
let boss: string;
let worker: string;
const TENANT = "300001";
const PW = "Passw0rd!x";

beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  await t.createTenant(TENANT);
  await t.createUser({ account: "boss", password: PW, tenantId: TENANT, roleAliases: ["admin"] });
  await t.createUser({ account: "worker", password: PW, tenantId: TENANT, roleAliases: ["user"] });
  boss = (await t.login("boss", PW, { tenantId: TENANT })).access_token;
  worker = (await t.login("worker", PW, { tenantId: TENANT })).access_token;
});
afterAll(() => t.close());

interface Envelope<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}
async function call<T = unknown>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const res = await t.request(path, options);
  return { status: res.status, ...((await res.json()) as Omit<Envelope<T>, "status">) };
}
const API = "/api/blade-system/sysConfig";
const save = (token: string | undefined, json: object) => call<PasswordPolicy & { source: string }>(`${API}/passwordAddUpdate`, { token, json });
const read = (token: string | undefined, query: Record<string, string> = {}) => call<PasswordPolicy & { source: string }>(`${API}/getPasswordPolicy`, { token, query });
const regex = (tenantId = "000000") => call(`${API}/getPasswordRegex`, { headers: { "Tenant-Id": tenantId } });

const STRICT: PasswordPolicy = {
  minLength: 10,
  maxLength: 32,
  requireDigits: true,
  requireUpper: true,
  requireLower: true,
  requireSpecial: true,
  rejectWeak: true,
  expireDays: 0,
  historyCount: 3,
  lockThreshold: 3,
  lockMinutes: 10,
};
const TOO_SHORT = "密码长度在10到32个字符";
const CLASSES = "密码只能且必须包含数字、大写字母、小写字母、特殊字符";
/** Good under STRICT: 10+ characters of every class, nothing weak. */
const GOOD = ["Zk4!mQ8#rT", "Hy7$Lp2@Wn", "Bv5%Jd9&Xs", "Nc3*Gf6(Ue", "Rw8^Km4+Ta"];

describe("getPasswordPolicy / passwordAddUpdate / getPasswordRegex", () => {
  it("reads the defaults, saves a policy, reads it back, and answers its rules publicly", async () => {
    const before = await read(admin);
    expect(before.data).toMatchObject({ source: "default", minLength: 6, maxLength: 32, rejectWeak: true, lockThreshold: 5, lockMinutes: 30 });
    const saved = await save(admin, { ...STRICT });
    expect(saved).toMatchObject({ status: 200, data: { ...STRICT, source: "platform", tenantId: "000000" } });
    expect((await read(admin)).data).toMatchObject({ ...STRICT, source: "platform" });

    const answer = await regex();
    expect(answer.status).toBe(200);
    const rules = readPasswordRuleSet(answer.data)!;
    expect(checkPassword(rules, "Ab1!")).toBe(TOO_SHORT);
    expect(checkPassword(rules, "abcdefgh1xz")).toBe(CLASSES);
    expect(checkPassword(rules, "Abc1!Qwe#Lz")).toBe("密码过于简单,不能包含三个相同或连续的字符");
    expect(checkPassword(rules, GOOD[0])).toBeNull();
    // A tenant without a policy of its own follows the platform's.
    expect((await regex(TENANT)).data).toMatchObject({ minLength: 10 });
    expect((await read(boss)).data).toMatchObject({ source: "platform", minLength: 10 });
  });

  it("refuses a bad policy with a message beside each field, and keeps the saved one", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ minLength: 20, maxLength: 10 }, "maxLength", "密码最大长度不能小于最小长度"],
      [{ minLength: 3 }, "minLength", "密码最小长度必须是6到32之间的整数"],
      [{ maxLength: 64 }, "maxLength", "密码最大长度必须是6到32之间的整数"],
      [{ lockThreshold: "x" }, "lockThreshold", "登录失败锁定次数必须是1到100之间的整数"],
      [{ historyCount: null }, "historyCount", "请输入历史密码限制(次)"],
      [{ rejectWeak: "maybe" }, "rejectWeak", "禁止弱密码(三个相同或连续的字符)取值不正确"],
    ];
    for (const [over, field, message] of cases) {
      const res = await save(admin, { ...STRICT, ...over });
      expect(res.status).toBe(400);
      expect(res.msg).toBe(message);
      expect(res.data).toContainEqual({ field, message });
    }
    expect((await save(admin, "x" as unknown as object)).status).toBe(400);
    expect((await read(admin)).data).toMatchObject(STRICT);
  });

  it("needs the menu's codes, and keeps a tenant's own policy to that tenant", async () => {
    expect((await read(undefined)).status).toBe(401);
    expect((await read(worker)).status).toBe(403);
    expect((await save(worker, STRICT)).status).toBe(403);
    // The tenant's administrator tightens its own tenant only, and cannot name another.
    expect((await save(boss, { ...STRICT, minLength: 12 })).data).toMatchObject({ source: "tenant", tenantId: TENANT, minLength: 12 });
    expect((await regex(TENANT)).data).toMatchObject({ minLength: 12 });
    expect((await regex()).data).toMatchObject({ minLength: 10 });
    expect((await save(boss, { ...STRICT, tenantId: "000000" })).status).toBe(400);
    // The platform administrator reads (and may save) a named tenant's policy.
    expect((await read(admin, { tenantId: TENANT })).data).toMatchObject({ source: "tenant", minLength: 12 });
    expect((await save(admin, { ...STRICT, tenantId: TENANT })).data).toMatchObject({ source: "tenant", minLength: 10 });
    expect((await regex("nope")).status).toBe(400);
    // Reset: the tenant follows the platform again.
    expect((await call(`${API}/passwordPolicyReset`, { method: "POST", token: worker })).status).toBe(403);
    const reset = await call<{ source: string; minLength: number }>(`${API}/passwordPolicyReset`, { method: "POST", token: boss });
    expect(reset.data).toMatchObject({ source: "platform", minLength: 10 });
    expect((await save(admin, { ...STRICT, tenantId: TENANT })).status).toBe(200);
  });
});

describe("every path that sets a password follows the policy, in its words", () => {
  let depts: TreeNode[];
  let userRole: string;
  beforeAll(async () => {
    await save(admin, STRICT);
    depts = (await call<TreeNode[]>("/api/blade-system/dept/tree", { token: admin })).data;
    userRole = (await t.db.select().from(role).where(eq(role.roleAlias, "user")))[0].id;
  });

  it("user create", async () => {
    const body = (password: string, account: string) => ({ account, realName: "张三", roleId: userRole, deptId: depts[0].id, password, password2: password });
    const short = await call("/api/blade-user/submit", { token: admin, json: body("Ab1!", "pp1") });
    expect(short).toMatchObject({ status: 400, msg: TOO_SHORT });
    expect(short.data).toEqual([{ field: "password", message: TOO_SHORT }]);
    expect((await call("/api/blade-user/submit", { token: admin, json: body("abcdefgh1xz", "pp1") })).msg).toBe(CLASSES);
    expect((await call("/api/blade-user/submit", { token: admin, json: body(GOOD[0], "pp1") })).status).toBe(200);
    expect((await t.login("pp1", GOOD[0])).account).toBe("pp1");
  });

  it("administrator's reset (the initial password must satisfy the policy) and changePwd", async () => {
    const { id } = await t.createUser({ account: "pp2", password: PW });
    const setInitial = (paramValue: string) =>
      call("/api/blade-system/param/submit", { token: admin, json: { paramName: "初始密码", paramKey: "account.initPassword", paramValue } });
    await setInitial("Blade-Init-2026");
    const refused = await call("/api/blade-user/resetPwd", { method: "POST", token: admin, query: { ids: id } });
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain(`初始密码不符合密码策略: ${CLASSES}`);
    await expect(t.login("pp2", PW)).resolves.toBeTruthy();

    const change = (password: string) => call("/api/blade-user/changePwd", { token: admin, json: { userId: id, password, password2: password } });
    const weak = await change("Ab1!");
    expect(weak).toMatchObject({ status: 400, msg: TOO_SHORT });
    expect(weak.data).toEqual([{ field: "password", message: TOO_SHORT }]);
    expect((await change(GOOD[1])).status).toBe(200);
    expect((await t.login("pp2", GOOD[1])).account).toBe("pp2");
  });

  it("change in the personal centre, with the history of the last N", async () => {
    await t.createUser({ account: "pp3", password: GOOD[0] });
    let current = GOOD[0];
    const change = async (next: string) => {
      const token = (await t.login("pp3", current)).access_token;
      const res = await call("/api/blade-user/update-password", { token, json: { oldPassword: md5Hex(current), newPassword: next, newPassword1: next } });
      if (res.status === 200) current = next;
      return res;
    };
    expect((await change("abcdefgh1xz")).msg).toBe(CLASSES);
    // The current password (set before any history was kept) counts as used.
    expect((await change(GOOD[0])).msg).toBe("新密码不能与最近3次使用过的密码相同");
    expect((await change(GOOD[1])).status).toBe(200);
    expect((await change(GOOD[2])).status).toBe(200);
    expect((await change(GOOD[0])).msg).toBe("新密码不能与最近3次使用过的密码相同");
    expect((await change(GOOD[3])).status).toBe(200);
    // Three changes later the first one may come back.
    expect((await change(GOOD[0])).status).toBe(200);
    expect((await t.login("pp3", GOOD[0])).account).toBe("pp3");
  });

  it("find-password (the new password as typed beside its digest) and its history", async () => {
    await t.createUser({ account: "pp4", password: GOOD[0], phone: "13733334444" });
    let sent = { id: "", code: "" };
    const send = async () => {
      t.advanceTime(61_000); // past the resend interval
      const { data } = await call<{ id: string }>("/api/blade-auth/oauth/smsCodeNew", { query: { phone: "13733334444" } });
      sent = { id: data.id, code: t.lastCodeSent("13733334444")! };
    };
    const find = async (typed: string) => {
      const json = { phone: "13733334444", codeId: sent.id, code: sent.code, password: md5Hex(typed), confirmPassword: md5Hex(typed), newPassword: typed };
      return call("/api/blade-user/find-password", { json, headers: { "Tenant-Id": "000000" } });
    };
    await send();
    // Judged before the code is spent: the same code still serves the next try.
    expect((await find("Ab1!")).msg).toBe(TOO_SHORT);
    expect((await find(GOOD[0])).msg).toBe("新密码不能与最近3次使用过的密码相同");
    await send();
    const digestOnly = await call("/api/blade-user/find-password", {
      json: { phone: "13733334444", codeId: "1", code: "1", password: md5Hex(GOOD[2]), confirmPassword: md5Hex(GOOD[2]) },
    });
    expect(digestOnly.msg).toBe("缺少新密码原文(newPassword),无法检查密码策略");
    expect((await find(GOOD[1])).status).toBe(200);
    expect((await t.login("pp4", GOOD[1])).account).toBe("pp4");
  });

  it("registration of a third-party guest", async () => {
    const render = (await call<{ url: string }>("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "000000" } })).data;
    const back = t.oauth!.approve(render.url, { id: 9001, login: "g9001" });
    const res = await t.tokenRequest({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId: "000000" }, { "Tenant-Id": "000000" });
    const guest = (await res.json()) as TokenResponse;
    const register = (password: string) =>
      call("/api/blade-user/register-guest", { token: guest.access_token, json: { tenantId: "000000", account: "pp5", name: "访客", password, oauthId: guest.oauth_id } });
    expect((await register("abcdefgh1xz")).msg).toBe(CLASSES);
    expect((await register(GOOD[0])).status).toBe(200);
  });

  it("import: the initial password must satisfy the tenant's policy", async () => {
    const tpl = await t.request("/api/blade-user/export-template", { token: admin });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await tpl.arrayBuffer()) as ArrayBuffer);
    const sheet = book.worksheets[0];
    const columns = (sheet.getRow(1).values as string[]).map((h) => (h ?? "").replace("*", ""));
    const root = depts[0].title;
    for (const [header, value] of Object.entries({ 登录账号: "pp6", 用户姓名: "导入", 所属角色: "普通用户", 所属部门: String(root) })) {
      if (columns.indexOf(header) > 0) sheet.getCell(2, columns.indexOf(header)).value = value;
    }
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), "用户.xlsx");
    const res = await t.request("/api/blade-user/import", { method: "POST", token: admin, body: form as unknown as string });
    const body = (await res.json()) as { msg: string };
    expect(body.msg).toContain(`初始密码不符合密码策略: ${CLASSES}`);
  });
});

describe("expiry and lockout follow the policy", () => {
  it("an expired password must be changed before sign-in, then sign-in works", async () => {
    // In the tenant only: the platform administrator must still sign in a month later.
    await save(admin, { ...STRICT, expireDays: 30, tenantId: TENANT });
    await t.createUser({ account: "pp7", password: GOOD[0], tenantId: TENANT });
    const login = (password: string) => t.login("pp7", password, { tenantId: TENANT });
    await expect(login(GOOD[0])).resolves.toBeTruthy();
    t.advanceTime(31 * 24 * 3600_000);
    const token = await t.tokenRequest({ tenantId: TENANT, username: "pp7", password: md5Hex(GOOD[0]), grant_type: "password" }, { "Tenant-Id": TENANT });
    expect(token.status).toBe(400);
    expect(await token.json()).toEqual({ error: PASSWORD_EXPIRED, error_description: "密码已过期,请修改密码后再登录" });
    // A wrong password hears nothing about expiry.
    await expect(login(GOOD[1])).rejects.toThrow("用户名或密码错误");

    const change = (json: Record<string, unknown>) => call(`${API}/updateExpiredPassword`, { json, headers: { "Tenant-Id": TENANT } });
    const base = { account: "pp7", oldPassword: md5Hex(GOOD[0]), newPassword: GOOD[1], newPassword1: GOOD[1] };
    expect((await change({ ...base, oldPassword: md5Hex("wrong") })).msg).toBe("用户名或密码错误");
    expect((await change({ ...base, newPassword: "Ab1!", newPassword1: "Ab1!" })).msg).toBe(TOO_SHORT);
    expect((await change({ ...base, newPassword: GOOD[0], newPassword1: GOOD[0] })).msg).toBe("新密码不能与最近3次使用过的密码相同");
    expect((await change(base)).status).toBe(200);
    expect((await login(GOOD[1])).account).toBe("pp7");
    expect((await change({ ...base, oldPassword: md5Hex(GOOD[1]), newPassword: GOOD[2], newPassword1: GOOD[2] })).msg).toBe("密码未过期,请登录后在个人中心修改密码");
    admin = (await t.loginAdmin()).access_token;
    expect((await save(admin, { ...STRICT, tenantId: TENANT })).status).toBe(200);
  });

  it("locks after the policy's threshold, not the parameter's", async () => {
    await t.createUser({ account: "pp8", password: GOOD[0] });
    for (let i = 0; i < 3; i++) await expect(t.login("pp8", GOOD[1])).rejects.toThrow("用户名或密码错误");
    await expect(t.login("pp8", GOOD[0])).rejects.toThrow("登录错误次数过多,请稍后再试");
    t.advanceTime(11 * 60_000);
    await expect(t.login("pp8", GOOD[0])).resolves.toBeTruthy();
  });
});
