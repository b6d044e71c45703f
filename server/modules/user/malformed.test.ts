/**
 * Malformed input on every call of the users page beyond CRUD: bodies that are no JSON object,
 * NUL and lone surrogates, id lists over the cap or beyond a bigint, nesting — always a 4xx R
 * envelope with a message, never a 5xx, and nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserVO } from "../../../domain/contract";
import { BEYOND_BIGINT, UNSTORABLE, manyIds } from "../../test/conformance-malformed";
import type { RequestOptions, TestApp } from "../../test/fresh-app";
import { call, userFixture, type UserFixture } from "./test-fixture";

let f: UserFixture;
let t: TestApp;
beforeAll(async () => {
  f = await userFixture();
  t = f.t;
});
afterAll(() => t.close());

const POSTS = ["changeStatus", "setRole", "userAddRole", "setDept", "batchInviteUserToDept", "update-platform", "changePwd", "unBind", "unBatchBind", "baseInfoCheck", "identityCheck"];
const GETS = ["platform-detail", "userRolePage", "usesPage", "usesList", "getSelectUserInfo", "user-list", "page/project", "bindAccountList", "bindUserCount", "thirdAppBindUserList/x", "export-user", "export-template"];

describe("malformed input on the users page's other calls", () => {
  it("answers a 4xx envelope with a message, never a 5xx, and changes nothing", async () => {
    const before = (await call<UserVO>(t, "/api/blade-user/detail", { token: f.a.boss, query: { id: f.a.workerId } })).data;
    let nested: unknown = "x";
    for (let i = 0; i < 2000; i++) nested = { a: nested };
    const json = (body: string): RequestOptions => ({ method: "POST", body, headers: { "Content-Type": "application/json" } });
    const bodies: RequestOptions[] = [
      json("{not json"),
      json("[1,2]"),
      json('"a string"'),
      json("[".repeat(100_000) + "]".repeat(100_000)),
      { json: { ids: f.a.workerId, userIds: f.a.workerId, userId: f.a.workerId, status: nested, roleIds: nested, deptIds: nested } },
      { json: { ids: [f.a.workerId, { x: 1 }], status: 1 } },
      { json: { id: f.a.workerId, userId: f.a.workerId, password: 123, idType: {}, idNumber: [], account: 5 } },
      { method: "POST", query: { ids: manyIds(1001), userIds: manyIds(1001), id: manyIds(1001), roleIds: "1", deptIds: "1", roleId: "1", deptId: "1", status: "0" } },
      { method: "POST", query: { ids: BEYOND_BIGINT, userIds: BEYOND_BIGINT, id: BEYOND_BIGINT, userId: BEYOND_BIGINT, roleIds: BEYOND_BIGINT, deptId: BEYOND_BIGINT, status: "1" } },
      ...UNSTORABLE.map((bad): RequestOptions => ({ method: "POST", query: { ids: f.a.workerId, userId: f.a.workerId, status: bad, roleIds: bad, deptIds: bad, userType: bad, userExt: bad, id: bad } })),
      ...UNSTORABLE.map((bad): RequestOptions => ({ json: { userId: f.a.workerId, password: bad, password2: bad, account: bad, idType: 0, idNumber: bad } })),
    ];
    for (const path of POSTS) {
      for (const o of bodies) {
        const res = await t.request(`/api/blade-user/${path}`, { token: f.a.boss, ...o });
        const why = `${path} ${JSON.stringify(o.query ?? o.json ?? o.body)?.slice(0, 60)}`;
        expect(res.status, why).toBeLessThan(500);
        if (res.status !== 200) {
          const body = (await res.json()) as { success: boolean; msg: string };
          expect(body.success, why).toBe(false);
          expect(body.msg, why).toBeTruthy();
        } else await res.arrayBuffer();
      }
    }
    const queries: Record<string, string>[] = [
      { id: "abc", roleId: "abc", userIds: "abc", source: "a b", userId: "abc" },
      { id: BEYOND_BIGINT, roleId: BEYOND_BIGINT, userIds: BEYOND_BIGINT, userId: BEYOND_BIGINT },
      { size: "99999999999999", current: "-1" },
      { descs: "create_time; drop table blade_user", createTime_dategt: "yesterday" },
      { account: "%'\u0000--" },
      { deptId: "1,2", roleId: "1 or 1=1" },
    ];
    for (const path of GETS) {
      for (const query of queries) {
        const res = await t.request(`/api/blade-user/${path}`, { token: f.a.boss, query });
        expect(res.status, `${path} ${JSON.stringify(query)}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
    const after = (await call<UserVO>(t, "/api/blade-user/detail", { token: f.a.boss, query: { id: f.a.workerId } })).data;
    expect(after).toEqual(before);
  });
});
