/** GET /authentication/resourceNotice/list: what the notice bell shows each signed-in user. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appDirectory, appDirectoryApp } from "../../db/schema";
import { nextId } from "../../db/ids";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

const T = "100001";
const PASSWORD = "Passw0rd!x";
let t: TestApp;
let tokens: TenantTokens;
const people: Record<string, { id: string; token: string }> = {};

type Item = { id: string; kind: string; requestId: string; appName: string; userName: string; state: number; time: string; endTime: string };
type Envelope<D = unknown> = { code: number; msg: string; data: D };
const call = async <D = unknown>(path: string, token: string | undefined, json?: unknown) => {
  const res = await t.request(`/api${path}`, { token, json, method: json ? "POST" : "GET" });
  return { status: res.status, body: (await res.json()) as Envelope<D> };
};
const bell = async (token: string) => (await call<{ now: string; items: Item[] }>("/authentication/resourceNotice/list", token)).body.data;
const newApp = async (code: string, appName: string) =>
  (await call<{ id: string }>("/authentication/app/insert", tokens.admin100001, { appName, appCode: code, appUrl: `https://${code}.example.com` })).body.data.id;
const submit = async (token: string, body: Record<string, unknown>) => (await call<{ id: string }>("/authentication/resourceApplication/submit", token, body)).body.data.id;
const decide = (action: "approve" | "reject", token: string, id: string) => call(`/authentication/approvalManagement/${action}`, token, { id, comment: "意见" });

beforeAll(async () => {
  t = await freshApp({ oauth: false });
  tokens = await twoTenants(t);
  for (const [account, tenantId] of [["asker", T], ["keeper", T], ["idle", T], ["far", "100002"]] as const) {
    const { id } = await t.createUser({ account, password: PASSWORD, tenantId, roleAliases: ["user"], realName: `用户${account}` });
    people[account] = { id, token: (await t.login(account, PASSWORD, { tenantId })).access_token };
  }
});
afterAll(() => t.close());

describe("the notice bell's items", () => {
  it("shows an approver the requests waiting for them, and the requester their decided requests and grants ending within 7 days", async () => {
    const [week, month, refused] = [await newApp("nweek", "周应用"), await newApp("nmonth", "月应用"), await newApp("nrefused", "驳回应用")];
    const r1 = await submit(people.asker.token, { appId: week, reason: "a", durationDays: 7 });
    const r2 = await submit(people.asker.token, { appId: month, reason: "b", durationDays: 30 });
    const r3 = await submit(people.asker.token, { appId: refused, reason: "c" });

    const waiting = (await bell(tokens.admin100001)).items.filter((i) => i.kind === "decide");
    expect(waiting.map((i) => i.requestId).sort()).toEqual([r1, r2, r3].sort());
    expect(waiting.find((i) => i.requestId === r1)).toMatchObject({ appName: "周应用", userName: "用户asker", time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    // Ordinary users who decide nothing, the requester and another tenant see none of them.
    for (const who of [people.idle.token, people.asker.token, people.far.token, tokens.admin100002]) {
      expect((await bell(who)).items.filter((i) => i.kind === "decide")).toEqual([]);
    }

    for (const id of [r1, r2]) expect((await decide("approve", tokens.admin100001, id)).body.msg).toBe("操作成功");
    expect((await decide("reject", tokens.admin100001, r3)).body.msg).toBe("操作成功");
    const mine = await bell(people.asker.token);
    expect(mine.items.filter((i) => i.kind === "decided").map((i) => [i.requestId, i.state]).sort()).toEqual([[r1, 1], [r2, 1], [r3, 2]].sort());
    // Only the 7-day grant ends within 7 days; the 30-day one is not news yet.
    expect(mine.items.filter((i) => i.kind === "ending")).toEqual([expect.objectContaining({ requestId: r1, appName: "周应用", endTime: expect.stringMatching(/^\d{4}-/) })]);
    expect((await bell(tokens.admin100001)).items.filter((i) => i.kind === "decide")).toEqual([]);
    expect(mine.now).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it("shows the owner of a directory the first step of a request from it, and the administrators its second step", async () => {
    const app = await newApp("nowned", "目录内应用");
    const dir = nextId();
    await t.db.insert(appDirectory).values({ id: dir, tenantId: T, parentId: "0", directoryName: "铃铛目录", directoryCode: "belldir", ownerId: people.keeper.id, status: 1 });
    await t.db.insert(appDirectoryApp).values({ id: nextId(), tenantId: T, directoryId: dir, appId: app });
    const id = await submit(people.asker.token, { appId: app, reason: "d", directoryId: dir });
    expect((await bell(people.keeper.token)).items.map((i) => [i.kind, i.requestId])).toEqual([["decide", id]]);
    expect((await bell(people.idle.token)).items).toEqual([]);
    expect((await decide("approve", people.keeper.token, id)).body.msg).toBe("操作成功");
    expect((await bell(people.keeper.token)).items).toEqual([]);
    expect((await bell(tokens.admin100001)).items.map((i) => i.requestId)).toContain(id);
  });

  it("answers 401 without a session", async () => {
    expect((await call("/authentication/resourceNotice/list", undefined)).status).toBe(401);
  });
});
