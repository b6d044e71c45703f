import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { client, dict, menu, role, roleMenu, setting, user } from "../schema";
import { SETTING } from "../settings";
import { issueCaptcha } from "../../security/captcha";
import { seedIfFirstStart } from "./index";

let t: TestApp;
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.close());

describe("first-start seed", () => {
  it("does not seed a second time, and keeps the admin password", async () => {
    expect(await seedIfFirstStart(t.db, { adminPassword: "Another-pass1" })).toEqual({ seeded: false });
    expect((await t.loginAdmin()).account).toBe("admin");
    expect((await t.db.select().from(user).where(eq(user.account, "admin"))).length).toBe(1);
  });

  it("generated a 32-byte JWT secret and stores the client secret hashed", async () => {
    const [secret] = await t.db.select().from(setting).where(eq(setting.key, SETTING.jwtSecret));
    expect(Buffer.from(secret.value, "base64url")).toHaveLength(32);
    const [saber] = await t.db.select().from(client).where(eq(client.clientId, "saber"));
    expect(saber.clientSecret).not.toContain("saber_secret");
    expect(saber.clientSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("has the administrator and user roles and BladeX-shaped dictionaries", async () => {
    const roles = await t.db.select().from(role);
    expect(roles.map((r) => [r.roleAlias, r.roleName])).toEqual([["administrator", "超级管理员"], ["user", "普通用户"]]);
    const sex = await t.db.select().from(dict).where(eq(dict.code, "sex"));
    const root = sex.find((d) => d.parentId === "0")!;
    expect(root).toMatchObject({ dictKey: "-1", dictValue: "性别" });
    expect(sex.filter((d) => d.parentId === root.id).map((d) => [d.dictKey, d.dictValue])).toEqual([["1", "男"], ["2", "女"], ["3", "未知"]]);
  });

  it("grants 普通用户 the resource centre's pages with 申请, 撤回 and the approvals' 查看, not 通过 or 驳回", async () => {
    const [userRole] = await t.db.select().from(role).where(eq(role.roleAlias, "user"));
    const codes = (await t.db.select({ code: menu.code }).from(roleMenu).innerJoin(menu, eq(menu.id, roleMenu.menuId)).where(eq(roleMenu.roleId, userRole.id))).map((r) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining(["myApplication", "myResources", "resourceApplication", "resourceApplication_apply", "resourceApplication_withdraw", "approvalManagement", "approvalManagement_view"]),
    );
    expect(codes).not.toContain("approvalManagement_approve");
    expect(codes).not.toContain("approvalManagement_reject");
  });

  it("names the resource centre's pages by their §2 aliases, so their detail pages keep the page's menu item active", async () => {
    const rows = await t.db.select({ code: menu.code, alias: menu.alias }).from(menu).where(eq(menu.category, 1));
    const aliasOf = new Map(rows.map((r) => [r.code, r.alias]));
    for (const code of ["myApplication", "myResources", "resourceApplication", "approvalManagement"]) expect(aliasOf.get(code)).toBe(code);
    expect(aliasOf.get("user")).toBe("menu");
  });

  it("an empty database seeds with a generated password it reports once", async () => {
    // Empty the migrated copy rather than running initdb again (seconds and a gigabyte).
    const tables = await t.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public'`);
    const names = (tables as unknown as { rows: { name: string }[] }).rows.map((r) => `"${r.name}"`).join(", ");
    await t.db.execute(sql.raw(`truncate ${names}`));
    const first = await seedIfFirstStart(t.db);
    expect(first.seeded).toBe(true);
    expect(first.generatedAdminPassword!.length).toBeGreaterThanOrEqual(16);
    expect(await seedIfFirstStart(t.db)).toEqual({ seeded: false });
    // The console's client requires the captcha by default: the plain password grant is refused.
    await expect(t.login("admin", first.generatedAdminPassword!)).rejects.toThrow("请使用验证码登录");
    const { key, code } = await issueCaptcha(t.db, Date.now());
    const signedIn = await t.login("admin", first.generatedAdminPassword!, {
      grantType: "captcha",
      headers: { "Captcha-Key": key, "Captcha-Code": code },
    });
    expect(signedIn.account).toBe("admin");
  });

  it("a console built without captcha gets a client that signs in with the password grant", async () => {
    const tables = await t.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public'`);
    const names = (tables as unknown as { rows: { name: string }[] }).rows.map((r) => `"${r.name}"`).join(", ");
    await t.db.execute(sql.raw(`truncate ${names}`));
    const first = await seedIfFirstStart(t.db, { captchaRequired: false });
    expect((await t.login("admin", first.generatedAdminPassword!)).account).toBe("admin");
  });
});
