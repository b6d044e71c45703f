/** The e2e test hook that ends a grant now: only with BLADE_TEST_HOOKS=1, only for an approver, and the grant then expires the ordinary way. */
import { afterEach, describe, expect, it } from "vitest";
import { twoTenants } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

const HOOK = "/api/authentication/approvalManagement/test-hook/end-grant";
const PASSWORD = "Passw0rd!x";
let api: TestApp | undefined;

afterEach(async () => {
  delete process.env.BLADE_TEST_HOOKS;
  await api?.close();
  api = undefined;
});

const json = async <D>(res: Response) => (await res.json()) as { code: number; msg: string; data: D };

describe("POST approvalManagement/test-hook/end-grant", () => {
  it("does not exist on a server started without BLADE_TEST_HOOKS", async () => {
    api = await freshApp({ oauth: false });
    const token = (await twoTenants(api)).admin100001;
    expect((await api.request(HOOK, { token, json: { requestId: "1" } })).status).toBe(404);
  });

  it("ends an approved 7-day grant: the application leaves 我的应用 and the request shows 已过期", async () => {
    process.env.BLADE_TEST_HOOKS = "1";
    api = await freshApp({ oauth: false });
    const admin = (await twoTenants(api)).admin100001;
    await api.createUser({ account: "ann", password: PASSWORD, tenantId: "100001", roleAliases: ["user"] });
    const ann = (await api.login("ann", PASSWORD, { tenantId: "100001" })).access_token;
    const appId = (await json<{ id: string }>(await api.request("/api/authentication/app/insert", { token: admin, json: { appName: "七天应用", appCode: "seven", appUrl: "https://seven.example.com" } }))).data.id;
    const requestId = (await json<{ id: string }>(await api.request("/api/authentication/resourceApplication/submit", { token: ann, json: { appId, reason: "试用", durationDays: 7 } }))).data.id;
    // A requester holds no approval permission: the hook refuses them.
    expect((await api.request(HOOK, { token: ann, json: { requestId } })).status).toBe(403);
    // Nothing approved yet: no live grant to end.
    expect((await json(await api.request(HOOK, { token: admin, json: { requestId } }))).msg).toBe("该申请没有生效中的授权");
    expect((await api.request("/api/authentication/approvalManagement/approve", { token: admin, json: { id: requestId } })).status).toBe(200);
    const names = async () => (await json<{ appName: string }[]>(await api!.request("/api/authentication/myApplication/list", { token: ann }))).data.map((a) => a.appName);
    expect(await names()).toContain("七天应用");

    expect((await api.request(HOOK, { token: admin, json: { requestId } })).status).toBe(200);
    expect(await names()).not.toContain("七天应用");
    const mine = await json<{ records: { id: string; state: number }[] }>(await api.request("/api/authentication/resourceApplication/list", { token: ann }));
    expect(mine.data.records.find((r) => r.id === requestId)?.state).toBe(4);
  });
});
