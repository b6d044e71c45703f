import { afterEach, describe, expect, it } from "vitest";
import { SimulatedWeCom, orgChart, readAll, type SimulationOptions } from "../../../test/open-platforms";
import { SourceError, type SourceFactory } from "./source";
import { wecomSource } from "./wecom";

const fast = { backoffMs: 1 };
/** How the engine calls it (options with fetch only): the waits fall back to the defaults. */
const asEngineCallsIt: SourceFactory = wecomSource;
let running: SimulatedWeCom | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function platform(options: Partial<SimulationOptions> = {}) {
  return new SimulatedWeCom({ chart: orgChart("1"), ...options });
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe("WeCom source", () => {
  it("reads the department tree and each department's members over HTTP", async () => {
    running = platform();
    await running.listen();
    const { depts, users, pages } = await readAll(asEngineCallsIt(running.config()));

    // One department/list call answers the root and everything below; parents come before children.
    expect(running.calls.filter((c) => c === "GET /cgi-bin/department/list")).toHaveLength(1);
    expect(depts).toEqual([
      { externalId: "1", parentExternalId: "", name: "示例科技有限公司", sort: 0 },
      { externalId: "100", parentExternalId: "1", name: "研发部", sort: 0 },
      { externalId: "200", parentExternalId: "1", name: "市场部", sort: 1 },
      { externalId: "110", parentExternalId: "100", name: "前端组", sort: 0 },
    ]);
    // user/list does not page: one call and one page per department.
    expect(running.calls.filter((c) => c === "GET /cgi-bin/user/list")).toHaveLength(4);
    expect(pages).toBe(4);
    expect(users.map((u) => u.externalId).sort()).toEqual(["u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8"]);

    const zhang = users.find((u) => u.externalId === "u1")!;
    expect(zhang.attrs).toMatchObject({ userid: "u1", name: "张三", mobile: "13800000001", email: "u1@example.com", position: "工程师", status: "1" });
    expect(zhang).toMatchObject({ deptExternalIds: ["100"], active: true });
    expect(users.filter((u) => u.externalId === "u2")).toHaveLength(1);
    expect(users.find((u) => u.externalId === "u2")!.deptExternalIds).toEqual(["100", "200"]);
    // status 2 disabled, 4 not activated, 5 left: not active.
    expect(users.filter((u) => !u.active).map((u) => [u.externalId, u.attrs.status]).sort()).toEqual([["u3", "2"], ["u4", "4"], ["u6", "5"]]);
    expect(running.tokensIssued).toBe(1);
  });

  it("starts from a department below the top when 根部门ID names one", async () => {
    const wecom = platform();
    const { depts, users } = await readAll(wecomSource(wecom.config({ rootDept: "100" }), { fetch: wecom.fetch }));
    expect(depts.map((d) => [d.externalId, d.parentExternalId])).toEqual([["100", ""], ["110", "100"]]);
    // 李四 is also in 市场部, outside the synchronised tree: only 研发部 is kept.
    expect(users.find((u) => u.externalId === "u2")!.deptExternalIds).toEqual(["100"]);
    expect(users.map((u) => u.externalId).sort()).toEqual(["u1", "u2", "u3", "u4", "u7", "u8"]);
  });

  it("waits and retries on 45009 api freq out of limit, then reads everything", async () => {
    const wecom = platform({ rateLimit: 2 });
    const { users } = await readAll(wecomSource(wecom.config(), { fetch: wecom.fetch, ...fast }));
    expect(users).toHaveLength(8);
  });

  it("gives up with a message when the rate limit lasts", async () => {
    const wecom = platform({ rateLimit: 1000 });
    const error = await failure(readAll(wecomSource(wecom.config(), { fetch: wecom.fetch, retries: 3, ...fast })));
    expect(error.message).toBe("企业微信接口调用频率超限,已重试 3 次仍被限流,请稍后再试或降低同步频率");
  });

  it("says the CorpID or secret is wrong, with the platform's words", async () => {
    const wecom = platform();
    expect((await failure(readAll(wecomSource(wecom.config({ secret: "wrong" }), { fetch: wecom.fetch })))).message)
      .toBe("企业微信应用凭证错误(invalid credential, access_token is invalid or not latest(40001)),请检查企业ID(CorpID)和应用 Secret");
    expect((await failure(readAll(wecomSource(wecom.config({ principal: "ww-wrong" }), { fetch: wecom.fetch })))).message)
      .toBe("企业微信应用凭证错误(invalid corpid(40013)),请检查企业ID(CorpID)和应用 Secret");
  });

  it("fetches a new token when the platform answers 42001 access_token expired mid-run", async () => {
    const wecom = platform();
    const reader = wecomSource(wecom.config(), { fetch: wecom.fetch });
    await reader.departments();
    wecom.expireTokens();
    const { users } = await readAll(reader);
    expect(users).toHaveLength(8);
    expect(wecom.tokensIssued).toBe(2);
  });

  it("answers a permission error and a missing department with the platform's message", async () => {
    const wecom = platform();
    wecom.failMode = { kind: "platform" };
    expect((await failure(readAll(wecomSource(wecom.config(), { fetch: wecom.fetch })))).message)
      .toBe("企业微信接口 /cgi-bin/department/list 返回错误:no privilege to access/modify contact/party/agent(60011)");
    wecom.failMode = null;
    expect((await failure(readAll(wecomSource(wecom.config({ rootDept: "999" }), { fetch: wecom.fetch })))).message)
      .toBe("企业微信接口 /cgi-bin/department/list 返回错误:invalid party id(60123)");
  });
});
