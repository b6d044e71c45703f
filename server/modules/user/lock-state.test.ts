import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, UserVO } from "../../../domain/contract";
import { formatDateTime } from "../../db/time";
import { md5Hex } from "../../security/password";
import { call, userFixture, type UserFixture } from "./test-fixture";

describe("/blade-user/page says who the sign-in lockout holds, and until when", () => {
  let f: UserFixture;
  beforeAll(async () => {
    f = await userFixture();
  });
  afterAll(() => f.t.close());

  const fail = (account: string, tenantId: string) =>
    f.t.tokenRequest({ tenantId, username: account, password: md5Hex("wrong-password"), grant_type: "password" }, { "Tenant-Id": tenantId });
  const row = async (token: string, account: string) =>
    (await call<Page<UserVO>>(f.t, "/api/blade-user/page", { token, query: { account_equal: account } })).data.records[0];

  it("carries lockedUntil for a locked user only, until an unlock clears it", async () => {
    const { a, b } = f;
    const before = Date.now();
    for (let i = 0; i < 5; i++) await fail(`worker${a.tenantId}`, a.tenantId);
    // The same account name in another tenant is another account: not locked.
    await fail(`worker${b.tenantId}`, b.tenantId);

    const locked = await row(a.boss, `worker${a.tenantId}`);
    expect(locked.status).toBe(1);
    expect(locked.lockedUntil).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The default policy locks for 30 minutes from the last failure.
    expect(locked.lockedUntil! >= formatDateTime(new Date(before + 30 * 60_000 - 1000))).toBe(true);
    expect((await row(f.b.boss, `worker${b.tenantId}`)).lockedUntil).toBeUndefined();
    expect((await row(a.boss, `boss${a.tenantId}`)).lockedUntil).toBeUndefined();

    expect((await call(f.t, "/api/blade-user/unlock", { method: "POST", token: a.boss, query: { userIds: a.workerId } })).code).toBe(200);
    expect((await row(a.boss, `worker${a.tenantId}`)).lockedUntil).toBeUndefined();
  });

  it("forgets a lock whose time has passed", async () => {
    const { b } = f;
    for (let i = 0; i < 5; i++) await fail(`worker${b.tenantId}`, b.tenantId);
    expect((await row(b.boss, `worker${b.tenantId}`)).lockedUntil).toBeDefined();
    f.t.advanceTime(31 * 60_000);
    try {
      expect((await row(b.boss, `worker${b.tenantId}`)).lockedUntil).toBeUndefined();
    } finally {
      f.t.advanceTime(-31 * 60_000);
    }
  });
});
