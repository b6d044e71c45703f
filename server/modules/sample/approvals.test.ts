import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_APPROVALS } from "../../../domain/resources/dataAssets/sample/data";
import { operationLog, sampleApprovalDecision } from "../../db/schema";
import { twoTenants, type TenantTokens } from "../../test/conformance";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { MSG_APPROVAL_ITEM_DONE, MSG_APPROVAL_ITEM_MISSING } from "./approvals";

let api: TestApp;
let tokens: TenantTokens;
beforeAll(async () => {
  api = await freshApp({ oauth: false });
  tokens = await twoTenants(api);
});
afterAll(() => api.close());

const call = async (path: string, token: string, query?: Record<string, string>) => {
  const res = await api.request(`/api/blade-sample${path}`, { token, query, method: path.includes("/approval/page") ? "GET" : "POST" });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: { records: { id: string; status: string }[] } } };
};
const statusOf = async (token: string, id: string) =>
  (await call("/approval/page", token, { size: "50" })).body.data.records.find((r) => r.id === id)?.status;

describe("授权审批: approving or rejecting a pending item", () => {
  const [first, second, third] = SAMPLE_APPROVALS.map((a) => a.id);

  it("approves a pending item once: the list shows it approved, the decision is stored and logged", async () => {
    expect(await statusOf(tokens.admin, first)).toBe("pending approval");
    expect((await call("/approval/approve", tokens.admin, { id: first })).body).toMatchObject({ code: 200, msg: "操作成功" });
    expect(await statusOf(tokens.admin, first)).toBe("approved");
    const [row] = await api.db.select().from(sampleApprovalDecision).where(eq(sampleApprovalDecision.approvalId, first));
    expect(row).toMatchObject({ tenantId: "000000", state: 1 });
    const [logged] = await api.db.select().from(operationLog).where(eq(operationLog.recordIds, row.id));
    expect(logged.title).toBe("授权审批-审批");

    // Decided once: neither approved again nor rejected afterwards.
    expect((await call("/approval/approve", tokens.admin, { id: first })).body).toMatchObject({ code: 400, msg: MSG_APPROVAL_ITEM_DONE });
    expect((await call("/approval/reject", tokens.admin, { id: first })).body).toMatchObject({ code: 400, msg: MSG_APPROVAL_ITEM_DONE });
    expect(await statusOf(tokens.admin, first)).toBe("approved");
  });

  it("rejects a pending item", async () => {
    expect((await call("/approval/reject", tokens.admin, { id: second })).body.code).toBe(200);
    expect(await statusOf(tokens.admin, second)).toBe("rejected");
  });

  it("keeps each tenant's decisions its own", async () => {
    expect((await call("/approval/approve", tokens.admin100001, { id: third })).body.code).toBe(200);
    expect(await statusOf(tokens.admin100001, third)).toBe("approved");
    expect(await statusOf(tokens.admin100002, third)).toBe("pending approval");
    expect(await statusOf(tokens.admin100001, first)).toBe("pending approval");
  });

  it("refuses a user without the 审批 button, an unknown item and a malformed id, changing nothing", async () => {
    expect((await call("/approval/approve", tokens.plain100001, { id: SAMPLE_APPROVALS[4].id })).status).toBe(403);
    for (const id of ["1234567890123", "abc", ""]) {
      const r = await call("/approval/approve", tokens.admin, { id });
      expect(r.status, id).toBe(400);
      if (id !== "abc") expect(r.body.msg).toBe(MSG_APPROVAL_ITEM_MISSING);
    }
    expect(await statusOf(tokens.admin, SAMPLE_APPROVALS[4].id)).toBe("pending approval");
  });
});
