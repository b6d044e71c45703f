import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserVO } from "../../../src/contract";
import { freshApp, type TestApp } from "../../test/fresh-app";

/* A user's ID document (§3's six types), checked with src/validation and stored normalised. */
let t: TestApp;
let admin: string;
let roleId: string;
let deptId: string;

beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  const me = (await (await t.request("/api/blade-user/page", { token: admin, query: { account: "admin" } })).json()).data.records[0] as UserVO;
  roleId = me.roleId;
  deptId = me.deptId.split(",")[0];
});
afterAll(() => t.close());

const submit = (json: Record<string, unknown>) =>
  t.request("/api/blade-user/submit", { token: admin, json: { realName: "证件", password: "Passw0rd!x", password2: "Passw0rd!x", roleId, deptId, ...json } });

describe("a user's ID type and number", () => {
  it("stores a valid passport number upper-cased and answers it in the detail", async () => {
    const res = await submit({ account: "idpassport", idType: 3, idNumber: "e12345678" });
    expect(res.status).toBe(200);
    const { id } = (await res.json()).data as UserVO;
    const detail = (await (await t.request("/api/blade-user/detail", { token: admin, query: { id } })).json()).data as UserVO;
    expect(detail).toMatchObject({ idType: 3, idNumber: "E12345678" });
  });

  it("refuses a resident ID card whose check character is wrong, beside the field, and creates nobody", async () => {
    const res = await submit({ account: "idbad", idType: 0, idNumber: "110105194912310021" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.data).toContainEqual({ field: "idNumber", message: "证件号码校验位错误" });
    const page = (await (await t.request("/api/blade-user/page", { token: admin, query: { account: "idbad" } })).json()).data;
    expect(page.total).toBe(0);
  });

  it("refuses an ID type outside the six", async () => {
    const res = await submit({ account: "idtype9", idType: 9 });
    expect((await res.json()).data).toContainEqual({ field: "idType", message: "证件类型错误" });
  });
});
