import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paramSpec } from "../../../domain/resources/system/param/spec";
import { md5Hex } from "../../security/password";
import { nextId } from "../../db/ids";
import { param } from "../../db/schema";
import { MSG_LOCKOUT_IN_POLICY, readParam } from "../../security/params";
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

  it("refuses a parameter key already used, beside the field", async () => {
    const body = { paramName: "甲", paramKey: "dup.key", paramValue: "1" };
    expect((await submit(body)).status).toBe(200);
    const again = await submit({ ...body, paramName: "乙" });
    expect(again.body).toMatchObject({ code: 400, msg: "参数键名已存在", data: [{ field: "paramKey", message: "参数键名已存在" }] });
  });

  it("no longer offers the lockout's keys: none is seeded, and saving one is refused with where the rule lives", async () => {
    const list = await api.request("/api/blade-system/param/list", { token, query: { paramKey: "account." } });
    expect(((await list.json()).data.records as { paramKey: string }[]).map((r) => r.paramKey)).toEqual([]);
    for (const paramKey of ["account.failCount", "account.lockMinutes"]) {
      const r = await submit({ paramName: "锁定", paramKey, paramValue: "2" });
      expect(r.body).toMatchObject({ code: 400, data: [{ field: "paramKey", message: MSG_LOCKOUT_IN_POLICY }] });
    }
    expect(MSG_LOCKOUT_IN_POLICY).toContain("密码策略");
    const near = await submit({ paramName: "锁定", paramKey: "account.lockMinutes.x", paramValue: "abc" });
    expect(near.status).toBe(200); // only the exact retired keys are refused
    expect(await readParam(api.db, "account.initPassword")).toBeUndefined(); // no default password is seeded
  });

  it("an old deployment's account.failCount row changes nothing: the password policy alone locks", async () => {
    await api.db.insert(param).values({ id: nextId(), paramName: "登录失败次数上限", paramKey: "account.failCount", paramValue: "2" });
    await api.createUser({ account: "strict", password: "Right-pass1" });
    const grant = async (password: string) => {
      const res = await api.tokenRequest({ tenantId: "000000", username: "strict", password: md5Hex(password), grant_type: "password" });
      return res.status === 200 ? "ok" : ((await res.json()) as { error_description?: string }).error_description;
    };
    expect(await grant("wrong")).toBe("用户名或密码错误");
    expect(await grant("wrong")).toBe("用户名或密码错误");
    expect(await grant("Right-pass1")).toBe("ok");
  });
});
