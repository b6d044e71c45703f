import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paramSpec } from "../../../src/resources/system/param/spec";
import { md5Hex } from "../../security/password";
import { intSetting, FAIL_COUNT, readParam } from "../../security/params";
import { describeConformance } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

describeConformance({
  spec: paramSpec,
  platform: true,
  valid: (n) => ({ paramName: `参数${n}`, paramKey: `test.key${n}`, paramValue: `value ${n}`, remark: "测试" }),
  change: { field: "paramValue", value: "new value" },
});

describe("/blade-system/param beyond the common routes", () => {
  let api: TestApp;
  let token: string;
  beforeAll(async () => {
    api = await freshApp({ oauth: false });
    token = (await api.loginAdmin()).access_token;
  });
  afterAll(() => api.close());

  const submit = async (json: Record<string, unknown>) => {
    const res = await api.request("/api/blade-system/param/submit", { token, json });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
  };
  const idOf = async (key: string) => {
    const res = await api.request("/api/blade-system/param/list", { token, query: { paramKey_equal: key } });
    return ((await res.json()).data.records as { id: string }[])[0].id;
  };

  it("refuses a parameter key already used, beside the field", async () => {
    const body = { paramName: "甲", paramKey: "dup.key", paramValue: "1" };
    expect((await submit(body)).status).toBe(200);
    const again = await submit({ ...body, paramName: "乙" });
    expect(again.body).toMatchObject({ code: 400, msg: "参数键名已存在", data: [{ field: "paramKey", message: "参数键名已存在" }] });
  });

  it("refuses a value the server could not use under a key it reads, beside the field", async () => {
    const id = await idOf("account.failCount");
    for (const value of ["0", "101", "abc", "2.5"]) {
      const r = await submit({ id, paramValue: value });
      expect(r.body).toMatchObject({ code: 400, data: [{ field: "paramValue", message: "登录失败次数上限必须是1到100之间的整数" }] });
    }
    const near = await submit({ paramName: "锁定", paramKey: "account.lockMinutes.x", paramValue: "abc" });
    expect(near.status).toBe(200); // only the exact keys the server reads are checked
  });

  it("reads a parameter with a safe fallback", async () => {
    expect(await readParam(api.db, "account.initPassword")).toBeUndefined(); // no default password is seeded
    expect(intSetting(FAIL_COUNT, await readParam(api.db, "account.failCount"))).toBe(5);
    expect(intSetting(FAIL_COUNT, "0")).toBe(5);
    expect(intSetting(FAIL_COUNT, " 7")).toBe(5);
    expect(intSetting(FAIL_COUNT, undefined)).toBe(5);
  });

  it("locks an account after as many failures as account.failCount says", async () => {
    const id = await idOf("account.failCount");
    expect((await submit({ id, paramValue: "2" })).status).toBe(200);
    await api.createUser({ account: "strict", password: "Right-pass1" });
    const grant = async (password: string) => {
      const res = await api.tokenRequest({ tenantId: "000000", username: "strict", password: md5Hex(password), grant_type: "password" });
      return ((await res.json()) as { error_description?: string }).error_description;
    };
    expect(await grant("wrong")).toBe("用户名或密码错误");
    expect(await grant("wrong")).toBe("用户名或密码错误");
    expect(await grant("Right-pass1")).toBe("登录错误次数过多,请稍后再试");
  });
});
