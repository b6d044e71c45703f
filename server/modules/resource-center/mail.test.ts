/** The resource centre's mail: approvers hear of a request that reached them, the requester of the decision; a mail failure fails nothing. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appDirectory, appDirectoryApp } from "../../db/schema";
import { nextId } from "../../db/ids";
import { startTestSmtp, type TestSmtp } from "../../notify/test-smtp";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";

const T = "100001";
const PASSWORD = "Passw0rd!x";
let t: TestApp;
let smtp: TestSmtp;
let tokens: TenantTokens;
const logged: string[] = [];
const people: Record<string, { id: string; token: string }> = {};

type Envelope<D = unknown> = { code: number; msg: string; data: D };
const call = async <D = unknown>(path: string, token: string, json?: unknown) => {
  const res = await t.request(`/api${path}`, { token, json, method: json ? "POST" : "GET" });
  return (await res.json()) as Envelope<D>;
};
const newApp = async (code: string, appName: string) => (await call<{ id: string }>("/authentication/app/insert", tokens.admin100001, { appName, appCode: code, appUrl: `https://${code}.example.com` })).data.id;
const submit = async (token: string, body: Record<string, unknown>) => (await call<{ id: string }>("/authentication/resourceApplication/submit", token, body)).data.id;
const mailConfig = (port: number) =>
  call("/blade-system/sysConfig/saveOrUpdateMailConfig", tokens.admin, {
    host: "127.0.0.1", port, auth: true, user: "mailer", password: "smtp-Pa55word!", from: "noreply@blade.test", starttlsEnable: false, sslEnable: false, sslTrusts: "",
  });
/** The mail to `to` whose subject holds `part`, once it arrived. */
async function mailTo(to: string, part: string) {
  const find = () => smtp.received.find((m) => m.to.includes(to) && m.subject.includes(part));
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find()!;
}

beforeAll(async () => {
  smtp = await startTestSmtp({ user: "mailer", password: "smtp-Pa55word!" });
  t = await freshApp({ oauth: false });
  const log = t.ctx.logError;
  t.ctx.logError = (error, where) => {
    logged.push(`${where}: ${String((error as Error)?.message ?? error)}`);
    log(error, where);
  };
  tokens = await twoTenants(t);
  for (const [account, roles] of [["boss", ["admin"]], ["asker", ["user"]], ["keeper", ["user"]]] as const) {
    const { id } = await t.createUser({ account, password: PASSWORD, tenantId: T, roleAliases: [...roles], email: `${account}@example.test` });
    people[account] = { id, token: (await t.login(account, PASSWORD, { tenantId: T })).access_token };
  }
  // The platform's mail server serves every tenant that has none of its own.
  expect((await mailConfig(smtp.port)).msg).toBe("操作成功");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("resource-centre mail", () => {
  it("tells the approvers of a new request, and the requester of the decision, without the texts typed in them", async () => {
    const app = await newApp("mailapp", "邮件审批应用");
    const id = await submit(people.asker.token, { appId: app, reason: "私密理由" });
    const arrived = await mailTo("boss@example.test", "新的资源申请待审批：邮件审批应用");
    expect(arrived.text).not.toContain("私密理由");
    // Not to the requester, nor to an ordinary user who decides nothing.
    expect(smtp.received.some((m) => m.to.includes("asker@example.test") || m.to.includes("keeper@example.test"))).toBe(false);

    expect((await call("/authentication/approvalManagement/reject", people.boss.token, { id, comment: "私密意见" })).msg).toBe("操作成功");
    const decided = await mailTo("asker@example.test", "您的资源申请已驳回：邮件审批应用");
    expect(decided.text).not.toContain("私密意见");
  });

  it("asks the directory owner first, then the administrators once the owner passed it", async () => {
    const app = await newApp("ownmail", "目录应用");
    const dir = nextId();
    await t.db.insert(appDirectory).values({ id: dir, tenantId: T, parentId: "0", directoryName: "邮件目录", directoryCode: "maildir", ownerId: people.keeper.id, status: 1 });
    await t.db.insert(appDirectoryApp).values({ id: nextId(), tenantId: T, directoryId: dir, appId: app });
    const before = smtp.received.length;
    const id = await submit(people.asker.token, { appId: app, reason: "x", directoryId: dir });
    await mailTo("keeper@example.test", "新的资源申请待审批：目录应用");
    expect(smtp.received.slice(before).some((m) => m.to.includes("boss@example.test"))).toBe(false);
    expect((await call("/authentication/approvalManagement/approve", people.keeper.token, { id })).msg).toBe("操作成功");
    await mailTo("boss@example.test", "新的资源申请待审批：目录应用");
    expect((await call("/authentication/approvalManagement/approve", people.boss.token, { id })).msg).toBe("操作成功");
    await mailTo("asker@example.test", "您的资源申请已通过：目录应用");
  });

  it("submits and decides a request when the mail server is down, and says why in the log", async () => {
    expect((await mailConfig(1)).msg).toBe("操作成功");
    const app = await newApp("downapp", "停机应用");
    const res = await t.request("/api/authentication/resourceApplication/submit", { token: people.asker.token, json: { appId: app, reason: "y" } });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Envelope<{ id: string }>;
    expect((await call("/authentication/approvalManagement/approve", people.boss.token, { id: data.id })).msg).toBe("操作成功");
    await expect.poll(() => logged.some((l) => l.startsWith("sending a resource-centre mail")), { timeout: 30_000 }).toBe(true);
  });
});
