import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorLog } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await freshApp();
  ({ id: userId } = await t.createUser({ account: "reporter", password: "Passw0rd!x" }));
  token = (await t.login("reporter", "Passw0rd!x")).access_token;
});
afterAll(() => t.close());

const upload = (json: unknown, auth: string | null = token) => t.request("/api/blade-log/error/upload", { json, token: auth ?? undefined });
const entry = { type: "error", url: "/system/user", message: "x is undefined", stack: "at f (app.js:1)", info: "render", time: "2025-01-02 03:04:05" };

describe("POST /blade-log/error/upload", () => {
  it("stores the entries with the caller's tenant and user and the server's time", async () => {
    const res = await upload({ logs: [entry, { ...entry, message: "second" }] });
    expect(await res.json()).toMatchObject({ code: 200, success: true });
    const rows = await t.db.select().from(errorLog).where(eq(errorLog.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ...entry, tenantId: "000000" });
    expect(rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("cuts long texts instead of refusing them", async () => {
    await upload({ logs: [{ ...entry, message: "m".repeat(10_000), type: 42, info: { nested: true } }] });
    const rows = await t.db.select().from(errorLog).where(eq(errorLog.userId, userId));
    const last = rows.find((r) => r.message.startsWith("mmm"))!;
    expect(last.message).toHaveLength(4000);
    expect(last.type).toBe("42");
    expect(last.info).toBe('{"nested":true}');
  });

  it("refuses more than 100 entries, a body without a list, and non-object entries", async () => {
    for (const [body, msg] of [
      [{ logs: Array.from({ length: 101 }, () => entry) }, "一次最多上传100条日志"],
      [{ logs: "x" }, "logs必须是数组"],
      [{ logs: [] }, "没有需要上传的日志"],
      [{ logs: ["x"] }, "日志格式不正确"],
    ] as const) {
      const res = await upload(body);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe(msg);
    }
  });

  it("answers 401 without a session", async () => {
    expect((await upload({ logs: [entry] }, null)).status).toBe(401);
  });
});
