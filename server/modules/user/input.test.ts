import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TreeNode, UserVO } from "../../../domain/contract";
import { role, user } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { MSG_AVATAR } from "./input";

let t: TestApp;
let admin: string;
let base: Record<string, unknown>;
let n = 0;

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  admin = (await t.loginAdmin()).access_token;
  const depts: TreeNode[] = (await (await t.request("/api/blade-system/dept/tree", { token: admin })).json()).data;
  const [userRole] = await t.db.select().from(role).where(eq(role.roleAlias, "user"));
  base = { password: "Zs-passw0rd", password2: "Zs-passw0rd", realName: "张三", roleId: userRole.id, deptId: depts[0].id };
});
afterAll(() => t.close());

const submit = (over: Record<string, unknown>) => t.request("/api/blade-user/submit", { token: admin, json: { ...base, account: `in${++n}`, ...over } });
const update = (json: Record<string, unknown>, token = admin) => t.request("/api/blade-user/update", { token, json });
const created = async (over: Record<string, unknown> = {}) => ((await (await submit(over)).json()) as { data: UserVO }).data;
const stored = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];

describe("avatar", () => {
  const own = "/api/blade-resource/oss/endpoint/file/1234567890123456789";

  it("is one of our stored files or an http(s) URL, on submit, update and update-info", async () => {
    for (const avatar of [own, "https://cdn.example.com/a.png", "http://localhost:8080/x.jpg", ""]) {
      const res = await submit({ avatar });
      expect(res.status, avatar).toBe(200);
    }
    const u = await created();
    expect((await update({ id: u.id, avatar: own })).status).toBe(200);
    expect((await stored(u.id)).avatar).toBe(own);
  });

  it("refuses javascript:, data: and anything else, with a clear message, changing nothing", async () => {
    const u = await created({ avatar: own });
    const me = (await t.login(u.account, "Zs-passw0rd")).access_token;
    for (const avatar of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "vbscript:msgbox",
      "//evil.example.com/a.png",
      "/api/blade-resource/oss/endpoint/file/abc",
      "/api/blade-resource/oss/endpoint/file/99999999999999999999",
      "ftp://example.com/a.png",
    ]) {
      for (const res of [await submit({ avatar }), await update({ id: u.id, avatar }), await t.request("/api/blade-user/update-info", { token: me, json: { avatar } })]) {
        expect(res.status, avatar).toBe(400);
        expect(await res.json(), avatar).toMatchObject({ msg: MSG_AVATAR, data: [{ field: "avatar", message: MSG_AVATAR }] });
      }
    }
    expect((await stored(u.id)).avatar).toBe(own);
  });
});

describe("birthday", () => {
  it("of the years 1 to 99 is stored as that year and read back", async () => {
    for (const birthday of ["0005-03-04 00:00:00", "0099-12-31", "0001-01-01 08:09:10", "0004-02-29"]) {
      const u = await created({ birthday });
      const expected = birthday.length === 10 ? `${birthday} 00:00:00` : birthday;
      expect((await stored(u.id)).birthday, birthday).toBe(expected);
      expect(u.birthday, birthday).toBe(expected);
    }
  });

  it("that is no calendar day, or of the year 0, is refused with a message, never dropped", async () => {
    const u = await created({ birthday: "1990-05-06 00:00:00" });
    for (const birthday of ["0000-01-01", "0005-02-29", "1990-13-01", "1990-02-30 00:00:00"]) {
      const res = await update({ id: u.id, birthday });
      expect(res.status, birthday).toBe(400);
      expect((await res.json()).data, birthday).toContainEqual({ field: "birthday", message: expect.any(String) });
    }
    expect((await stored(u.id)).birthday).toBe("1990-05-06 00:00:00");
    expect((await update({ id: u.id, birthday: "" })).status).toBe(200);
    expect((await stored(u.id)).birthday).toBeNull();
  });
});

describe("filters beyond their column", () => {
  it("answer 400, not a database error: sex is a smallint", async () => {
    const queries: Record<string, string>[] = [{ sex_equal: "32768" }, { sex_ge: "-32769" }, { userType_equal: "2147483648" }, { status_lt: "99999999999" }];
    for (const query of queries) {
      const res = await t.request("/api/blade-user/page", { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((await res.json()).msg, JSON.stringify(query)).toMatch(/^查询参数(超出范围|格式错误)/);
    }
    expect((await t.request("/api/blade-user/page", { token: admin, query: { sex_equal: "32767" } })).status).toBe(200);
  });
});
