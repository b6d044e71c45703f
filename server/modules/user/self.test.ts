import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { param, user } from "../../db/schema";
import { nextId } from "../../db/ids";
import { md5Hex } from "../../security/password";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const post = (path: string, token: string | undefined, json: unknown) => t.request(`/api/blade-user/${path}`, { token, json });

describe("GET /blade-user/info", () => {
  it("answers the caller's own UserVO, without the password", async () => {
    await t.createUser({ account: "me1", password: "Passw0rd!x", realName: "本人" });
    const { access_token } = await t.login("me1", "Passw0rd!x");
    const res = await t.request("/api/blade-user/info", { token: access_token });
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, data: { account: "me1", realName: "本人", roleName: "普通用户" } });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/);
    expect((await t.request("/api/blade-user/info")).status).toBe(401);
  });
});

describe("POST /blade-user/update-info", () => {
  it("updates the caller's profile fields only, ignoring any other field", async () => {
    const { id } = await t.createUser({ account: "me2", password: "Passw0rd!x" });
    const { access_token } = await t.login("me2", "Passw0rd!x");
    const [before] = await t.db.select().from(user).where(eq(user.id, id));
    const res = await post("update-info", access_token, {
      avatar: "/api/blade-resource/oss/endpoint/file/1234567890123456789",
      realName: "张三",
      name: "小张",
      phone: "13612345678",
      email: "zhang@example.com",
      account: "hijack",
      roleId: before.roleId + ",1",
      status: 0,
      id: "1",
      tenantId: "999999",
    });
    expect(await res.json()).toMatchObject({ code: 200, success: true });
    const [after] = await t.db.select().from(user).where(eq(user.id, id));
    expect(after).toMatchObject({ realName: "张三", name: "小张", phone: "13612345678", email: "zhang@example.com", account: "me2", roleId: before.roleId, status: 1, tenantId: "000000" });
    expect(after.avatar).toBe("/api/blade-resource/oss/endpoint/file/1234567890123456789");
  });

  it("validates with the shared rules", async () => {
    await t.createUser({ account: "me3", password: "Passw0rd!x" });
    const { access_token } = await t.login("me3", "Passw0rd!x");
    for (const [body, msg] of [
      [{ phone: "12345" }, "格式不正确"],
      [{ email: "nope" }, "邮箱格式不正确"],
      [{ realName: "" }, "请输入用户姓名"],
      [{ realName: "<script>" }, "只能是中文、数字、字母、下划线"],
      [{ avatar: "javascript:alert(1)" }, "头像地址格式不正确,只能是上传的文件或 http(s) 地址"],
      [{ name: 42 }, "用户昵称类型错误"],
    ] as const) {
      const res = await post("update-info", access_token, body);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe(msg);
    }
    expect((await post("update-info", undefined, { realName: "x" })).status).toBe(401);
  });
});

describe("POST /blade-user/update-password", () => {
  it("checks the old password (md5), the confirmation and the policy, then ends the other sessions", async () => {
    await t.createUser({ account: "me4", password: "Passw0rd!x" });
    const current = await t.login("me4", "Passw0rd!x");
    const other = await t.login("me4", "Passw0rd!x");
    const change = (json: Record<string, unknown>) => post("update-password", current.access_token, json);
    const cases: [Record<string, unknown>, string][] = [
      [{ oldPassword: md5Hex("wrong"), newPassword: "N3w#Secret9", newPassword1: "N3w#Secret9" }, "原密码不正确!"],
      [{ oldPassword: md5Hex("Passw0rd!x"), newPassword: "N3w#Secret9", newPassword1: "N3w#Secret8" }, "两次密码输入不一致"],
      [{ oldPassword: md5Hex("Passw0rd!x"), newPassword: "abc", newPassword1: "abc" }, "密码长度在6到32个字符"],
      [{ oldPassword: md5Hex("Passw0rd!x"), newPassword: "a1234567", newPassword1: "a1234567" }, "密码过于简单,不能包含三个相同或连续的字符"],
      [{ newPassword: "N3w#Secret9", newPassword1: "N3w#Secret9" }, "请输入原密码"],
    ];
    for (const [body, msg] of cases) {
      const res = await change(body);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe(msg);
    }
    const ok = await change({ oldPassword: md5Hex("Passw0rd!x"), newPassword: "N3w#Secret9", newPassword1: "N3w#Secret9" });
    expect(await ok.json()).toMatchObject({ code: 200, success: true });
    expect((await t.request("/api/blade-user/info", { token: current.access_token })).status).toBe(200);
    expect((await t.request("/api/blade-user/info", { token: other.access_token })).status).toBe(401);
    expect((await t.login("me4", "N3w#Secret9")).account).toBe("me4");
    await expect(t.login("me4", "Passw0rd!x")).rejects.toThrow();
  });

  it("counts wrong old passwords towards the lockout", async () => {
    await t.createUser({ account: "me5", password: "Passw0rd!x" });
    const { access_token } = await t.login("me5", "Passw0rd!x");
    const body = { oldPassword: md5Hex("wrong"), newPassword: "N3w#Secret9", newPassword1: "N3w#Secret9" };
    const { access_token: other } = await t.login("me5", "Passw0rd!x");
    for (let i = 0; i < 4; i++) expect((await (await post("update-password", access_token, body)).json()).msg).toBe("原密码不正确!");
    // The fifth wrong answer locks the account, which ends every session of it.
    await post("update-password", access_token, body);
    expect((await post("update-password", access_token, { ...body, oldPassword: md5Hex("Passw0rd!x") })).status).toBe(401);
    expect((await t.request("/api/blade-user/info", { token: other })).status).toBe(401);
    await expect(t.login("me5", "Passw0rd!x")).rejects.toThrow("登录错误次数过多,请稍后再试");
  });

  it("follows a policy configured in params", async () => {
    await t.db.insert(param).values([
      { id: nextId(), paramName: "最小长度", paramKey: "password.minLength", paramValue: "10" },
      { id: nextId(), paramName: "字符类型", paramKey: "password.require", paramValue: "digits,lower,upper,special" },
    ]);
    try {
      await t.createUser({ account: "me6", password: "Passw0rd!x" });
      const { access_token } = await t.login("me6", "Passw0rd!x");
      const attempt = (pw: string) => post("update-password", access_token, { oldPassword: md5Hex("Passw0rd!x"), newPassword: pw, newPassword1: pw });
      expect((await (await attempt("Ab1!xyzq")).json()).msg).toBe("密码长度在10到32个字符");
      expect((await (await attempt("abcdefgh1xz")).json()).msg).toBe("密码只能且必须包含数字、大写字母、小写字母、特殊字符");
      expect((await attempt("Ab1!xq9#Lz")).status).toBe(200);
    } finally {
      await t.db.delete(param).where(eq(param.paramKey, "password.minLength"));
      await t.db.delete(param).where(eq(param.paramKey, "password.require"));
    }
  });

  it("answers 401 without a session", async () => {
    expect((await post("update-password", undefined, { oldPassword: "x" })).status).toBe(401);
  });
});
