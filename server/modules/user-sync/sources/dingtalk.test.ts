import { afterEach, describe, expect, it } from "vitest";
import { SimulatedDingTalk, orgChart, readAll, type SimulationOptions } from "../../../test/open-platforms";
import { dingtalkSource } from "./dingtalk";
import { SourceError, type SourceFactory } from "./source";

const fast = { backoffMs: 1 };
/** How the engine calls it (options with fetch only): the waits fall back to the defaults. */
const asEngineCallsIt: SourceFactory = dingtalkSource;
let running: SimulatedDingTalk | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function platform(options: Partial<SimulationOptions> = {}) {
  return new SimulatedDingTalk({ chart: orgChart("1"), ...options });
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe("DingTalk source", () => {
  it("reads the department tree from the root and every member page by page over HTTP", async () => {
    running = platform({ pageSize: 2 });
    await running.listen();
    const { depts, users, pages } = await readAll(asEngineCallsIt(running.config({ pageSize: 2 })));

    expect(depts).toEqual([
      { externalId: "1", parentExternalId: "", name: "示例科技有限公司", sort: 0 },
      { externalId: "100", parentExternalId: "1", name: "研发部", sort: 0 },
      { externalId: "200", parentExternalId: "1", name: "市场部", sort: 1 },
      { externalId: "110", parentExternalId: "100", name: "前端组", sort: 0 },
    ]);
    // A page each for the root, 市场部 and 前端组; 研发部's four members in two pages of two, by the cursor.
    expect(running.calls.filter((c) => c === "POST /topapi/v2/user/list")).toHaveLength(5);
    expect(pages).toBe(4); // 市场部's only member (李四) was already read under 研发部
    expect(users.map((u) => u.externalId).sort()).toEqual(["u1", "u2", "u3", "u4", "u5", "u7", "u8"]);

    const zhang = users.find((u) => u.externalId === "u1")!;
    expect(zhang.attrs).toMatchObject({ userid: "u1", name: "张三", mobile: "13800000001", email: "u1@example.com", job_number: "E101", title: "工程师" });
    expect(zhang).toMatchObject({ deptExternalIds: ["100"], active: true });
    // In two departments: one user, both departments.
    expect(users.filter((u) => u.externalId === "u2")).toHaveLength(1);
    expect(users.find((u) => u.externalId === "u2")!.deptExternalIds).toEqual(["100", "200"]);
    expect(users.find((u) => u.externalId === "u5")!.deptExternalIds).toEqual(["1"]);
    // Disabled and never activated: not active. Departed (孙八): no longer listed at all.
    expect(users.find((u) => u.externalId === "u3")!.active).toBe(false);
    expect(users.find((u) => u.externalId === "u4")!.active).toBe(false);
    // One token for the whole run.
    expect(running.tokensIssued).toBe(1);
  });

  it("asks at most the platform's 100 users per page whatever page size is configured", async () => {
    const dingtalk = platform();
    const { users } = await readAll(dingtalkSource(dingtalk.config({ pageSize: 500 }), { fetch: dingtalk.fetch }));
    expect(users).toHaveLength(7);
  });

  it("waits and retries while the platform answers 请求频率超限, then reads everything", async () => {
    const dingtalk = platform({ rateLimit: 3 });
    const { users } = await readAll(dingtalkSource(dingtalk.config(), { fetch: dingtalk.fetch, ...fast }));
    expect(users).toHaveLength(7);
    expect(dingtalk.calls.slice(0, 4)).toEqual(["GET /gettoken", "GET /gettoken", "GET /gettoken", "GET /gettoken"]);
  });

  it("gives up with a message after a few rate-limited retries", async () => {
    const dingtalk = platform({ rateLimit: 1000 });
    const error = await failure(readAll(dingtalkSource(dingtalk.config(), { fetch: dingtalk.fetch, retries: 2, ...fast })));
    expect(error.message).toBe("钉钉接口调用频率超限,已重试 2 次仍被限流,请稍后再试或降低同步频率");
    expect(dingtalk.calls).toHaveLength(3);
  });

  it("says the AppKey/AppSecret are wrong, with the platform's words", async () => {
    const dingtalk = platform();
    const error = await failure(readAll(dingtalkSource(dingtalk.config({ secret: "wrong" }), { fetch: dingtalk.fetch })));
    expect(error.message).toBe("钉钉应用凭证错误(不合法的appKey或appSecret(40089)),请检查 AppKey 和 AppSecret");
  });

  it("fetches a new token when the platform says it expired mid-run", async () => {
    const dingtalk = platform({ tokenUses: 3 });
    const { users } = await readAll(dingtalkSource(dingtalk.config({ pageSize: 2 }), { fetch: dingtalk.fetch }));
    expect(users).toHaveLength(7);
    expect(dingtalk.tokensIssued).toBeGreaterThanOrEqual(3);
  });

  it("answers the platform's own error, a gateway's page and an unreachable host as messages", async () => {
    const dingtalk = platform();
    dingtalk.failMode = { kind: "platform" };
    expect((await failure(readAll(dingtalkSource(dingtalk.config(), { fetch: dingtalk.fetch })))).message)
      .toBe("钉钉接口 /topapi/v2/department/get 返回错误:没有调用该接口的权限(60011)");

    dingtalk.failMode = { kind: "html" };
    expect((await failure(readAll(dingtalkSource(dingtalk.config(), { fetch: dingtalk.fetch })))).message)
      .toBe("无法连接钉钉开放平台(https://oapi.dingtalk.test):应答不是 JSON(HTTP 502),请检查服务地址");

    running = platform();
    const origin = await running.listen();
    await running.close();
    expect((await failure(readAll(dingtalkSource(running.config({ endpoint: origin }))))).message)
      .toBe(`无法连接钉钉开放平台(${origin}):连接被拒绝,请检查服务地址和端口`);
  });

  it("stops waiting for a platform that does not answer", async () => {
    running = platform({ delayMs: 500 });
    await running.listen();
    expect((await failure(readAll(dingtalkSource(running.config(), { timeoutMs: 100 })))).message)
      .toBe(`无法连接钉钉开放平台(${running.origin}):请求超时(0.1 秒无应答)`);
  });
});
