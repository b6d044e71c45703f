/**
 * Bound accounts: who is bound to which third-party identity, and unbinding. The identities'
 * table sits outside the repository, so these tests lean on the tenant rules in particular.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../domain/contract";
import { nextId } from "../../db/ids";
import { userOauth } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import type { TestApp } from "../../test/fresh-app";
import { MSG_BINDING_MISSING, type BoundAccount, type BoundUser } from "./bound";
import { call, userFixture, type UserFixture } from "./test-fixture";

let f: UserFixture;
let t: TestApp;
beforeAll(async () => {
  f = await userFixture();
  t = f.t;
});
afterAll(() => t.close());

/** An identity of `source` bound to `userId` in `tenantId`. */
async function bind(tenantId: string, userId: string | null, source: string, username: string): Promise<string> {
  const id = nextId();
  const now = formatDateTime(new Date());
  await t.db.insert(userOauth).values({ id, tenantId, userId, source, uuid: `${source}-${username}`, username, nickname: username, createTime: now, updateTime: now });
  return id;
}
const boundTo = async (id: string) => (await t.db.select().from(userOauth).where(eq(userOauth.id, id)))[0].userId;

const get = <T>(path: string, token: string | undefined, query: Record<string, string> = {}) => call<T>(t, `/api/blade-user/${path}`, { token, query });

describe("bindAccountList", () => {
  it("lists the caller's own identities, and another user's for those who may read users", async () => {
    await bind(f.a.tenantId, f.a.workerId, "github", "worker-gh");
    await bind(f.a.tenantId, f.a.workerId, "wechat", "worker-wx");
    const own = await get<BoundAccount[]>("bindAccountList", f.a.worker);
    expect(own.data.map((b) => [b.source, b.username])).toEqual([["github", "worker-gh"], ["wechat", "worker-wx"]]);
    const asBoss = await get<BoundAccount[]>("bindAccountList", f.a.boss, { userId: f.a.workerId });
    expect(asBoss.data).toEqual(own.data);
    expect(Object.keys(own.data[0]).sort()).toEqual(["avatar", "createTime", "email", "id", "nickname", "source", "tenantId", "updateTime", "userId", "username"]);
  });

  it("refuses another user's list without the users page, and another tenant's user like a missing one", async () => {
    expect((await get("bindAccountList", f.a.worker, { userId: f.a.bossId })).status).toBe(403);
    const foreign = await get("bindAccountList", f.a.boss, { userId: f.b.workerId });
    expect(foreign).toEqual(await get("bindAccountList", f.a.boss, { userId: "1234567890123" }));
    expect(foreign.status).toBe(400);
    expect((await get("bindAccountList", f.a.boss, { userId: "abc" })).status).toBe(400);
    expect((await get("bindAccountList", undefined)).status).toBe(401);
  });
});

describe("unBind and unBatchBind", () => {
  it("lets a user unbind their own identity, which frees it (the next sign-in with it is a guest)", async () => {
    const id = await bind(f.a.tenantId, f.a.workerId, "gitee", "mine");
    expect((await call(t, "/api/blade-user/unBind", { token: f.a.worker, query: { id } })).msg).toBe("操作成功");
    expect(await boundTo(id)).toBeNull();
    // Unbound already: there is nothing left to unbind.
    expect((await call(t, "/api/blade-user/unBind", { token: f.a.worker, query: { id } })).msg).toBe(MSG_BINDING_MISSING);
  });

  it("lets only holders of user_unbind unbind someone else's, within their tenant", async () => {
    const id = await bind(f.a.tenantId, f.a.bossId, "gitee", "boss");
    expect((await call(t, "/api/blade-user/unBind", { token: f.a.worker, query: { id } })).status).toBe(403);
    expect(await boundTo(id)).toBe(f.a.bossId);
    const foreign = await bind(f.b.tenantId, f.b.workerId, "gitee", "foreign");
    const asForeign = await call(t, "/api/blade-user/unBind", { token: f.a.boss, query: { id: foreign } });
    expect(asForeign).toEqual(await call(t, "/api/blade-user/unBind", { token: f.a.boss, query: { id: "1234567890123" } }));
    expect(asForeign.msg).toBe(MSG_BINDING_MISSING);
    expect(await boundTo(foreign)).toBe(f.b.workerId);
    const other = await bind(f.a.tenantId, f.a.workerId, "gitee", "worker");
    expect((await call(t, "/api/blade-user/unBind", { token: f.a.boss, query: { id: other } })).msg).toBe("操作成功");
  });

  it("unbinds several at once, all or none", async () => {
    const one = await bind(f.a.tenantId, f.a.workerId, "dingtalk", "w1");
    const two = await bind(f.a.tenantId, f.a.bossId, "dingtalk", "b1");
    const foreign = await bind(f.b.tenantId, f.b.bossId, "dingtalk", "f1");
    const mixed = await call(t, "/api/blade-user/unBatchBind", { method: "POST", token: f.a.boss, query: { ids: `${one},${foreign}` } });
    expect(mixed).toMatchObject({ status: 400, msg: MSG_BINDING_MISSING });
    expect(await boundTo(one)).toBe(f.a.workerId);
    expect((await call(t, "/api/blade-user/unBatchBind", { method: "POST", token: f.a.boss, json: { ids: [one, two] } })).msg).toBe("操作成功");
    expect([await boundTo(one), await boundTo(two), await boundTo(foreign)]).toEqual([null, null, f.b.bossId]);
    expect((await call(t, "/api/blade-user/unBatchBind", { method: "POST", token: f.a.boss })).msg).toBe("请选择要解除的绑定");
    expect((await call(t, "/api/blade-user/unBatchBind", { method: "POST", token: f.a.worker, query: { ids: one } })).status).toBe(403);
    expect((await call(t, "/api/blade-user/unBatchBind", { method: "POST", query: { ids: one } })).status).toBe(401);
  });
});

describe("bindUserCount and thirdAppBindUserList/{source}", () => {
  it("count and page the tenant's users bound to a provider, with their identity", async () => {
    await bind(f.a.tenantId, f.a.workerId, "feishu", "worker-fs");
    await bind(f.a.tenantId, null, "feishu", "nobody");
    await bind(f.b.tenantId, f.b.workerId, "feishu", "foreign-fs");
    expect((await get("bindUserCount", f.a.boss, { source: "feishu" })).data).toBe(1);
    expect((await get("bindUserCount", f.admin, { source: "feishu" })).data).toBe(2);
    const page = await get<Page<BoundUser>>("thirdAppBindUserList/feishu", f.a.boss);
    expect(page.data.total).toBe(1);
    expect(page.data.records[0]).toMatchObject({ account: "worker100001", userId: f.a.workerId, source: "feishu", username: "worker-fs", bindings: 1 });
    const filtered = await get<Page<BoundUser>>("thirdAppBindUserList/feishu", f.a.boss, { account: "boss" });
    expect(filtered.data.total).toBe(0);
  });

  it("refuse a missing or malformed source, unknown filters, 401 and 403", async () => {
    expect((await get("bindUserCount", f.a.boss)).msg).toBe("请选择第三方平台");
    expect((await get("bindUserCount", f.a.boss, { source: "a b" })).status).toBe(400);
    expect((await get("thirdAppBindUserList/%00x", f.a.boss)).status).toBe(400);
    expect((await get("thirdAppBindUserList/feishu", f.a.boss, { password: "x" })).status).toBe(400);
    expect((await get("bindUserCount", undefined, { source: "feishu" })).status).toBe(401);
    expect((await get("thirdAppBindUserList/feishu", f.a.worker)).status).toBe(403);
  });
});
