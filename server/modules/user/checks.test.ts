/**
 * The form checks baseInfoCheck and identityCheck: the same rules and words as submit, beside the
 * fields, and nothing written. The registration dialog's guest may ask too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenResponse } from "../../../domain/contract";
import { formatMessage, idCardCheckChar } from "../../../domain/validation";
import { MSG_ACCOUNT_TAKEN } from "./service";
import { call, userFixture, type UserFixture } from "./test-fixture";
import { freshApp, type TestApp } from "../../test/fresh-app";

let f: UserFixture;
let t: TestApp;
beforeAll(async () => {
  f = await userFixture();
  t = f.t;
});
afterAll(() => t.close());

const check = (path: string, token: string | undefined, json: unknown) => call(t, `/api/blade-user/${path}`, { token, json });

describe("POST /blade-user/baseInfoCheck", () => {
  it("answers true for valid base information and a free account", async () => {
    const ok = await check("baseInfoCheck", f.a.boss, { account: "newcomer", realName: "新人", phone: "13800138000", email: "a@b.cn" });
    expect(ok).toMatchObject({ status: 200, data: true });
  });

  it("answers each field's error beside it, with submit's words", async () => {
    const res = await check("baseInfoCheck", f.a.boss, { account: "x", realName: "<b>", phone: "1380013", email: "nope" });
    expect(res.status).toBe(400);
    const fields = (res.data as { field: string; message: string }[]).map((e) => [e.field, e.message]);
    expect(fields).toEqual([
      ["account", formatMessage("accountLength")],
      ["realName", formatMessage("nameChars")],
      ["phone", formatMessage("formatIncorrect")],
      ["email", formatMessage("emailFormat")],
    ]);
  });

  it("finds an account taken in the caller's tenant only, and not the user's own", async () => {
    const taken = await check("baseInfoCheck", f.a.boss, { account: "worker100001" });
    expect(taken).toMatchObject({ status: 400, msg: MSG_ACCOUNT_TAKEN, data: [{ field: "account", message: MSG_ACCOUNT_TAKEN }] });
    expect((await check("baseInfoCheck", f.a.boss, { account: "worker100001", id: f.a.workerId })).data).toBe(true);
    // Tenant 100002 has a worker100002, not a worker100001: another tenant's accounts are not seen.
    expect((await check("baseInfoCheck", f.b.boss, { account: "worker100001" })).data).toBe(true);
    expect((await check("baseInfoCheck", f.a.boss, { account: "worker100002", tenantId: "100002" })).data).toBe(true);
  });

  it("refuses what is no JSON object, and needs a session", async () => {
    expect((await call(t, "/api/blade-user/baseInfoCheck", { token: f.a.boss, body: "[1]", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect((await check("baseInfoCheck", f.a.boss, { account: "a\u0000b" })).status).toBe(400);
    expect((await check("baseInfoCheck", undefined, { account: "anyone" })).status).toBe(401);
  });
});

describe("POST /blade-user/identityCheck", () => {
  it("accepts a number of each of the six types, answering it as stored", async () => {
    const residence = `81000019900101123${idCardCheckChar("81000019900101123")}`;
    const cases: [number, string, string][] = [
      [0, "11010519491231002x", "11010519491231002X"],
      [1, "h12345678", "H12345678"],
      [2, "12345678", "12345678"],
      [3, "E1234567", "E1234567"],
      [4, residence, residence],
      [5, "ABC123456789012", "ABC123456789012"],
    ];
    for (const [idType, idNumber, stored] of cases) {
      const res = await check("identityCheck", f.a.worker, { idType, idNumber });
      expect(res, `${idType} ${idNumber}`).toMatchObject({ status: 200, data: { idType, idNumber: stored } });
    }
  });

  it("refuses an unknown type and a wrong number with the §5 messages, beside their fields", async () => {
    expect((await check("identityCheck", f.a.worker, { idType: 9, idNumber: "x" })).data).toEqual([{ field: "idType", message: "证件类型错误" }]);
    expect((await check("identityCheck", f.a.worker, { idNumber: "x" })).data).toEqual([{ field: "idType", message: "证件类型错误" }]);
    const cases: [number, unknown, string][] = [
      [0, "", "证件号码不能为空"],
      [0, "1101051949123100", "证件号码长度不为18位"],
      [0, "11010519491231002Y", "证件号码格式错误"],
      [0, "99010519491231002X", "地址编码错误"],
      [0, "110105194912310021", "证件号码校验位错误"],
      [3, "E12", "证件号码格式错误"],
      [5, "AB1234567890123", "证件号码格式错误"],
      [1, 12345678, "证件号码格式错误"],
    ];
    for (const [idType, idNumber, message] of cases) {
      const res = await check("identityCheck", f.a.worker, { idType, idNumber });
      expect(res.data, `${idType} ${String(idNumber)}`).toEqual([{ field: "idNumber", message }]);
    }
  });

  it("needs a session", async () => {
    expect((await check("identityCheck", undefined, { idType: 0, idNumber: "11010519491231002X" })).status).toBe(401);
  });
});

describe("the registration dialog's guest", () => {
  let app: TestApp;
  let guest: TokenResponse;
  beforeAll(async () => {
    app = await freshApp();
    const render = await (await app.request("/api/blade-auth/oauth/render/oauth2", { headers: { "Tenant-Id": "000000" } })).json();
    const back = app.oauth!.approve(render.data.url, { id: 77, login: "g77" });
    guest = await (await app.tokenRequest({ grant_type: "social", source: "oauth2", code: back.code, state: back.state, tenantId: "000000" }, { "Tenant-Id": "000000" })).json();
  });
  afterAll(() => app.close());

  it("may check an account name and an ID number before registering", async () => {
    const taken = await call(app, "/api/blade-user/baseInfoCheck", { token: guest.access_token, json: { account: "admin" } });
    expect(taken.msg).toBe(MSG_ACCOUNT_TAKEN);
    const free = await call(app, "/api/blade-user/baseInfoCheck", { token: guest.access_token, json: { account: "g77-own" } });
    expect(free.data).toBe(true);
    const id = await call(app, "/api/blade-user/identityCheck", { token: guest.access_token, json: { idType: "0", idNumber: "11010519491231002X" } });
    expect(id.status).toBe(200);
  });
});
