import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema";
import { isLegacyHash, md5Hex, sha1Hex } from "../../security/password";
import { basicAuth, freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

const grant = (account: string, password: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.tokenRequest({ tenantId: "000000", username: account, password: md5Hex(password), grant_type: "password", ...extra }, headers);

describe("POST /blade-auth/oauth/token (password grant)", () => {
  it("answers the bare BladeX token body for the seeded administrator", async () => {
    const res = await grant("admin", t.adminPassword);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({
      token_type: "bearer",
      expires_in: 3600,
      scope: "all",
      tenant_id: "000000",
      account: "admin",
      user_name: "admin",
      real_name: "管理员",
      nick_name: "管理员",
      role_name: "administrator",
      oauth_id: "",
      license: "powered by bladex",
    });
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(body.user_id).toMatch(/^\d{19}$/);
    expect(body).not.toHaveProperty("code");
  });

  it("accepts the parameters as a urlencoded form body too", async () => {
    const form = new URLSearchParams({ tenantId: "000000", username: "admin", password: md5Hex(t.adminPassword), grant_type: "password", scope: "all" });
    const res = await t.request("/api/blade-auth/oauth/token", {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
  });

  it("refuses a wrong password with invalid_grant", async () => {
    const res = await grant("admin", "wrong-password");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_grant", error_description: "用户名或密码错误" });
  });

  it("answers an unknown account exactly like a wrong password", async () => {
    const res = await grant("nobody", "whatever");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_grant", error_description: "用户名或密码错误" });
  });

  it("refuses an unknown tenant", async () => {
    const res = await grant("admin", t.adminPassword, { tenantId: "999999" }, { "Tenant-Id": "999999" });
    expect(res.status).toBe(400);
    expect((await res.json()).error_description).toBe("租户ID未找到");
  });

  it("refuses a disabled user, but only once the password is right", async () => {
    await t.createUser({ account: "disabled", password: "Passw0rd!x", status: 0 });
    expect((await (await grant("disabled", "nope")).json()).error_description).toBe("用户名或密码错误");
    const res = await grant("disabled", "Passw0rd!x");
    expect(res.status).toBe(400);
    expect((await res.json()).error_description).toBe("该账号已被禁用,请联系管理员");
  });

  it("answers 401 unauthorized for a missing or wrong client", async () => {
    for (const header of ["", "Basic " + Buffer.from("saber:wrong").toString("base64"), basicAuth("nobody", "x"), "Bearer abc"]) {
      const res = await t.request("/api/blade-auth/oauth/token", {
        method: "POST",
        query: { username: "admin", password: md5Hex(t.adminPassword), grant_type: "password" },
        headers: { Authorization: header },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "unauthorized", error_description: "客户端认证失败" });
    }
  });

  it("refuses grants it does not support", async () => {
    const implicit = await t.tokenRequest({ grant_type: "implicit" });
    expect(implicit.status).toBe(400);
    expect((await implicit.json()).error).toBe("unsupported_grant_type");
  });

  it("upgrades a legacy BladeX sha1(md5) hash to argon2id on the next successful login", async () => {
    const { id } = await t.createUser({ account: "legacy", password: "unused" });
    await t.db.update(user).set({ password: sha1Hex(md5Hex("admin")) }).where(eq(user.id, id));
    expect((await grant("legacy", "wrong")).status).toBe(400);
    let [row] = await t.db.select().from(user).where(eq(user.id, id));
    expect(isLegacyHash(row.password)).toBe(true);
    expect((await grant("legacy", "admin")).status).toBe(200);
    [row] = await t.db.select().from(user).where(eq(user.id, id));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await grant("legacy", "admin")).status).toBe(200);
  });

  it("narrows the token to a chosen role, and refuses a role the user does not have", async () => {
    const { id } = await t.createUser({ account: "tworoles", password: "Passw0rd!x", roleAliases: ["user", "administrator"] });
    const [row] = await t.db.select().from(user).where(eq(user.id, id));
    const [first, second] = row.roleId.split(",");
    const res = await grant("tworoles", "Passw0rd!x", {}, { "Role-Id": second });
    const body = await res.json();
    expect(body.role_id).toBe(second);
    expect(body.role_id).not.toContain(first);
    const bad = await grant("tworoles", "Passw0rd!x", {}, { "Role-Id": "1234567890123456789" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error_description).toBe("所选角色不属于当前用户");
  });
});
