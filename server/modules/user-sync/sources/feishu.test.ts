import { afterEach, describe, expect, it } from "vitest";
import { SimulatedFeishu, orgChart, readAll, type SimulationOptions } from "../../../test/open-platforms";
import { feishuSource } from "./feishu";
import { SourceError, type SourceFactory } from "./source";

const fast = { backoffMs: 1 };
/** How the engine calls it (options with fetch only): the waits fall back to the defaults. */
const asEngineCallsIt: SourceFactory = feishuSource;
let running: SimulatedFeishu | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function platform(options: Partial<SimulationOptions> = {}) {
  return new SimulatedFeishu({ chart: orgChart("0"), ...options });
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe("Feishu source", () => {
  it("reads the department tree and members page by page (page_token) over HTTP", async () => {
    running = platform({ pageSize: 2 });
    await running.listen();
    const { depts, users, pages } = await readAll(asEngineCallsIt(running.config({ pageSize: 2 })));

    expect(depts).toEqual([
      { externalId: "0", parentExternalId: "", name: "示例科技有限公司", sort: 0 },
      { externalId: "od-100", parentExternalId: "0", name: "研发部", sort: 1 },
      { externalId: "od-200", parentExternalId: "0", name: "市场部", sort: 2 },
      { externalId: "od-110", parentExternalId: "od-100", name: "前端组", sort: 1 },
    ]);
    // Three departments below the root at two a page: two pages of children.
    expect(running.calls.filter((c) => c === "GET /open-apis/contact/v3/departments/0/children")).toHaveLength(2);
    // Root 1, 研发部 2 (four members), 市场部 1, 前端组 1.
    expect(running.calls.filter((c) => c === "GET /open-apis/contact/v3/users/find_by_department")).toHaveLength(5);
    expect(pages).toBe(4);
    expect(users.map((u) => u.externalId).sort()).toEqual(["u1", "u2", "u3", "u4", "u5", "u7", "u8"]);

    const zhang = users.find((u) => u.externalId === "u1")!;
    expect(zhang.attrs).toMatchObject({ user_id: "u1", open_id: "ou_u1", name: "张三", mobile: "+8613800000001", email: "u1@example.com", employee_no: "E101" });
    expect(zhang).toMatchObject({ deptExternalIds: ["od-100"], active: true });
    expect(users.filter((u) => u.externalId === "u2")).toHaveLength(1);
    expect(users.find((u) => u.externalId === "u2")!.deptExternalIds).toEqual(["od-100", "od-200"]);
    expect(users.find((u) => u.externalId === "u5")!.deptExternalIds).toEqual(["0"]);
    // Frozen (停用) and never activated: not active.
    expect(users.filter((u) => !u.active).map((u) => u.externalId).sort()).toEqual(["u3", "u4"]);
    expect(running.tokensIssued).toBe(1);
  });

  it("resolves a custom department_id as 根部门ID to its open id", async () => {
    const feishu = platform();
    const { depts } = await readAll(feishuSource(feishu.config({ rootDept: "100" }), { fetch: feishu.fetch }));
    expect(depts.map((d) => [d.externalId, d.parentExternalId, d.name])).toEqual([["od-100", "", "研发部"], ["od-110", "od-100", "前端组"]]);
  });

  it("asks at most 50 per page whatever page size is configured", async () => {
    const feishu = platform();
    const { users } = await readAll(feishuSource(feishu.config({ pageSize: 500 }), { fetch: feishu.fetch }));
    expect(users).toHaveLength(7);
  });

  it("waits and retries on HTTP 429 / 99991400, then reads everything", async () => {
    const feishu = platform({ rateLimit: 3 });
    const { users } = await readAll(feishuSource(feishu.config(), { fetch: feishu.fetch, ...fast }));
    expect(users).toHaveLength(7);
  });

  it("gives up with a message when the rate limit lasts", async () => {
    const feishu = platform({ rateLimit: 1000 });
    expect((await failure(readAll(feishuSource(feishu.config(), { fetch: feishu.fetch, retries: 1, ...fast })))).message)
      .toBe("飞书接口调用频率超限,已重试 1 次仍被限流,请稍后再试或降低同步频率");
  });

  it("says the App ID or App Secret is wrong, with the platform's words", async () => {
    const feishu = platform();
    expect((await failure(readAll(feishuSource(feishu.config({ secret: "wrong" }), { fetch: feishu.fetch })))).message)
      .toBe("飞书应用凭证错误(app secret invalid(10014)),请检查 App ID 和 App Secret");
  });

  it("fetches a new tenant_access_token when the platform answers 99991677 expired mid-run", async () => {
    const feishu = platform({ tokenUses: 2, pageSize: 2 });
    const { users } = await readAll(feishuSource(feishu.config({ pageSize: 2 }), { fetch: feishu.fetch }));
    expect(users).toHaveLength(7);
    expect(feishu.tokensIssued).toBeGreaterThanOrEqual(4);
  });

  it("answers a missing scope with the platform's message and a token that stays refused as a credential error", async () => {
    const feishu = platform();
    feishu.failMode = { kind: "platform" };
    expect((await failure(readAll(feishuSource(feishu.config(), { fetch: feishu.fetch })))).message)
      .toBe("飞书接口 /open-apis/contact/v3/departments/0 返回错误:Access denied. One of the following scopes is required: [contact:contact.base:readonly].(99991672)");
    // Even a fresh token is refused: one retry, then the operator is told.
    feishu.failMode = { kind: "platform", code: 99991663, message: "Invalid access token for authorization." };
    expect((await failure(readAll(feishuSource(feishu.config(), { fetch: feishu.fetch })))).message)
      .toBe("飞书应用凭证错误(Invalid access token for authorization.(99991663)),请检查 App ID 和 App Secret");
  });
});
