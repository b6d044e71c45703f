import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ideRunApproval } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { CHECK_BUDGET_MS, MSG_CHECK_TIMEOUT } from "./hql-check";
import { APPROVAL_STATE, MSG_APPROVAL_DONE, MSG_NEEDS_APPROVAL, MSG_SELF_APPROVAL } from "./scripts";

let api: TestApp;
let alice: string;
let bob: string;
let plain: string;
beforeAll(async () => {
  api = await freshApp({ oauth: false });
  alice = (await api.loginAdmin()).access_token;
  await api.createUser({ account: "bobadmin", password: "Bob#Admin2024", roleAliases: ["administrator"] });
  bob = (await api.login("bobadmin", "Bob#Admin2024")).access_token;
  await api.createUser({ account: "plainide", password: "Plain#Ide2024", roleAliases: ["user"] });
  plain = (await api.login("plainide", "Plain#Ide2024")).access_token;
});
afterAll(() => api.close());

const call = async (path: string, token: string | undefined, init: { json?: unknown; query?: Record<string, string> } = {}) => {
  const res = await api.request(`/api/blade-ide${path}`, { token, method: init.json !== undefined || path.includes("remove") || path.includes("/approval/a") || path.includes("/approval/r") ? "POST" : "GET", ...init });
  return { status: res.status, body: await res.json() };
};

describe("/blade-ide scripts: saved per user", () => {
  it("creates, lists, opens, renames and deletes a script of its author only", async () => {
    const created = await call("/script/submit", alice, { json: { name: "日报", language: "hql", content: "select * from ods_user" } });
    expect(created.body).toMatchObject({ code: 200, data: { name: "日报", language: "hql", content: "select * from ods_user" } });
    const id = created.body.data.id as string;

    expect((await call("/script/list", alice)).body.data.map((s: { id: string }) => s.id)).toContain(id);
    expect((await call("/script/list", alice)).body.data[0]).not.toHaveProperty("content");
    // Another user, even an administrator, neither sees nor changes it.
    expect((await call("/script/list", bob)).body.data.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await call("/script/detail", bob, { query: { id } })).body).toMatchObject({ code: 400, msg: "脚本不存在" });
    expect((await call("/script/submit", bob, { json: { id, name: "x" } })).body).toMatchObject({ code: 400, msg: "脚本不存在" });
    expect((await call(`/script/remove?ids=${id}`, bob)).body).toMatchObject({ code: 400 });

    const renamed = await call("/script/submit", alice, { json: { id, name: "周报" } });
    expect(renamed.body.data).toMatchObject({ name: "周报", content: "select * from ods_user" });
    const saved = await call("/script/submit", alice, { json: { id, content: "select 1" } });
    expect((await call("/script/detail", alice, { query: { id } })).body.data).toMatchObject({ name: "周报", content: "select 1" });
    expect(saved.status).toBe(200);

    expect((await call(`/script/remove?ids=${id}`, alice)).body.code).toBe(200);
    expect((await call("/script/detail", alice, { query: { id } })).body.code).toBe(400);
  });

  it("refuses bad input beside its field, never with a 5xx", async () => {
    const bad = await call("/script/submit", alice, { json: { name: "", language: "cobol", content: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((e: { field: string }) => e.field)).toEqual(["name", "language", "content"]);
    expect((await call("/script/submit", alice, { json: { name: "a/b", language: "hql", content: "" } })).body.data[0].field).toBe("name");
    expect((await call("/script/submit", alice, { json: { name: "n", language: "hql", content: "x".repeat(100_001) } })).status).toBe(400);
    expect((await call("/script/detail", alice, { query: { id: "abc" } })).status).toBe(400);
    expect((await call("/script/submit", alice, { json: { id: "12ab", name: "n" } })).status).toBe(400);
  });

  it("needs the IDE menu", async () => {
    expect((await call("/script/list", undefined)).status).toBe(401);
    expect((await call("/script/list", plain)).status).toBe(403);
    expect((await call("/run", plain, { json: { language: "hql", content: "select 1" } })).status).toBe(403);
  });
});

describe("/blade-ide/run: a sandbox over the sample catalogue", () => {
  it("answers a select of a sample table from its rows, and simulates the rest", async () => {
    const res = await call("/run", alice, { json: { language: "hql", content: "-- users\nselect user_name, city from ods_user limit 2;\ninsert into ods_order select * from ods_order" } });
    expect(res.body.data[0]).toMatchObject({ simulated: false, columns: ["user_name", "city"], rows: [{ user_name: "张三", city: "北京" }, { user_name: "李四", city: "上海" }] });
    expect(res.body.data[1]).toMatchObject({ simulated: true, rows: [] });
    const python = await call("/run", alice, { json: { language: "python", content: "print(1)" } });
    expect(python.body.data[0].simulated).toBe(true);
  });

  it("fails a script with a syntax error with the parser's message, line and column, whether or not the editor checks", async () => {
    const res = await call("/run", alice, { json: { language: "hql", content: "select 1;\nselec * from ods_user" } });
    const message = "编译语句时异常：在行2:1，输入词'selec'附近可能存在sql语法错误";
    expect(res.body).toMatchObject({ code: 400, msg: message, data: { runFailed: true, errors: [{ line: 2, column: 1, message }] } });
    // An unterminated string: the parser says where it stops making sense.
    const open = await call("/run", alice, { json: { language: "hql", content: "select * from ods_user where city = '北京" } });
    expect(open.body).toMatchObject({ code: 400, data: { runFailed: true } });
    expect(open.body.msg).toMatch(/^编译语句时异常：在行1:/);
  });

  it("fails a script naming a table or column the sandbox does not have, naming it", async () => {
    const table = await call("/run", alice, { json: { language: "hql", content: "select * from secret_table" } });
    expect(table.body).toMatchObject({ code: 400, msg: "表 secret_table 不存在", data: { runFailed: true, errors: [{ line: 1, column: 15, message: "表 secret_table 不存在" }] } });
    const column = await call("/run", alice, { json: { language: "hql", content: "select user_name,\n  nope from ods_user" } });
    expect(column.body).toMatchObject({ code: 400, msg: "字段 nope 不存在", data: { errors: [{ line: 2, column: 3, message: "字段 nope 不存在" }] } });
    const qualified = await call("/run", alice, { json: { language: "hql", content: "select u.city, o.nope from ods_user u join ods_order o on u.user_id = o.user_id" } });
    expect(qualified.body).toMatchObject({ code: 400, msg: "字段 nope 不存在" });
    const target = await call("/run", alice, { json: { language: "hql", content: "insert into t select 1" } });
    expect(target.body).toMatchObject({ code: 400, msg: "表 t 不存在" });
    // What it has, it finds: aliases, a database prefix, a common table expression, a subquery.
    for (const content of [
      "select `city`, ods_user.age from ods_user",
      "select count(*), city from sales.ods_user group by city",
      "with x as (select city from ods_user) select city from x",
      "select a from (select city as a from ods_user) s",
    ]) expect((await call("/run", alice, { json: { language: "hql", content } })).body.code, content).toBe(200);
  });

  it("refuses a script the parser cannot read within its budget, without holding up the server, and checks the next one", async () => {
    const started = Date.now();
    // Deep nesting costs the Hive parser minutes: the check gives up after its budget.
    const deep = call("/run", alice, { json: { language: "hql", content: `select ${"(".repeat(2000)}1${")".repeat(2000)}` } });
    // Meanwhile the server answers other requests.
    expect((await call("/script/list", alice)).status).toBe(200);
    expect((await deep).body).toMatchObject({ code: 400, msg: MSG_CHECK_TIMEOUT });
    expect(Date.now() - started).toBeLessThan(CHECK_BUDGET_MS + 20_000);
    expect((await call("/run", alice, { json: { language: "hql", content: "select nope from ods_user" } })).body.msg).toBe("字段 nope 不存在");
  }, 60_000);

  it("checks a script before asking for its approval: a broken high-risk script fails, it is not sent for approval", async () => {
    const res = await call("/run", alice, { json: { language: "hql", content: "drop table ods_user;\nselect nope from ods_user" } });
    expect(res.body).toMatchObject({ code: 400, msg: "字段 nope 不存在", data: { runFailed: true } });
    expect(res.body.data.needsApproval).toBeUndefined();
  });

  it("runs a high-risk script only after another person approved that exact text", async () => {
    const script = { language: "hql", content: "drop table ods_order" };
    const refused = await call("/run", alice, { json: script });
    expect(refused.body).toMatchObject({ code: 400, msg: MSG_NEEDS_APPROVAL, data: { needsApproval: true } });

    const asked = await call("/approval/request", alice, { json: script });
    expect(asked.body.data).toMatchObject({ state: 0 });
    const again = await call("/approval/request", alice, { json: script });
    expect(again.body.data.id).toBe(asked.body.data.id);

    const pending = await call("/approval/list", bob);
    expect(pending.body.data.map((a: { id: string }) => a.id)).toContain(asked.body.data.id);
    expect((await call("/approval/list", plain)).status).toBe(403);

    // Its author cannot approve it.
    expect((await call(`/approval/approve?id=${asked.body.data.id}`, alice)).body).toMatchObject({ code: 403, msg: MSG_SELF_APPROVAL });
    expect((await call(`/approval/approve?id=${asked.body.data.id}`, bob)).body.code).toBe(200);
    expect((await call(`/approval/approve?id=${asked.body.data.id}`, bob)).body.code).toBe(400);

    const ran = await call("/run", alice, { json: script });
    expect(ran.body).toMatchObject({ code: 200, data: [{ simulated: true }] });
    // Another statement needs its own approval.
    expect((await call("/run", alice, { json: { ...script, content: "drop table ods_user" } })).body).toMatchObject({
      code: 400,
      data: { needsApproval: true, statements: ["drop table ods_user"] },
    });
  });

  it("binds an approval to the statement, not to the script around it, and each statement needs its own", async () => {
    const script = { language: "hql", content: "select 1;\ndrop table ods_view_log;\n-- then\ntruncate table ods_tmp" };
    const asked = await call("/approval/request", alice, { json: script });
    // The approver reads each statement as written.
    expect(asked.body.data.statements.map((s: { text: string }) => s.text)).toEqual(["drop table ods_view_log", "truncate table ods_tmp"]);
    const pending = (await call("/approval/list", bob)).body.data as { id: string; content: string }[];
    expect(pending.filter((a) => asked.body.data.ids.includes(a.id)).map((a) => a.content).sort()).toEqual(["drop table ods_view_log", "truncate table ods_tmp"]);

    // One of two approved: the script still waits, naming the statement that is not.
    expect((await call(`/approval/approve?id=${asked.body.data.ids[0]}`, bob)).body.code).toBe(200);
    expect((await call("/run", alice, { json: script })).body).toMatchObject({ code: 400, data: { statements: ["truncate table ods_tmp"] } });
    expect((await call(`/approval/approve?id=${asked.body.data.ids[1]}`, bob)).body.code).toBe(200);
    // Both approved: the same statements run in a script laid out and commented otherwise.
    // (A line comment: Hive's grammar has no block comments, and the run fails on one.)
    const relaid = { language: "hql", content: "-- cleanup\n TRUNCATE TABLE ods_tmp ;\n\ndrop   table ods_view_log; select 2" };
    expect((await call("/run", alice, { json: relaid })).body).toMatchObject({ code: 200 });
    expect((await call("/run", alice, { json: script })).body.code).toBe(400);
  });

  it("binds an HQL statement to the use / set statements before it, and approves it for each time it runs", async () => {
    const inProd = { language: "hql", content: "use prod;\ndrop table ods_day" };
    const asked = await call("/approval/request", alice, { json: inProd });
    expect(asked.body.data.statements.map((s: { text: string }) => s.text)).toEqual(["use prod;\ndrop table ods_day"]);
    expect((await call(`/approval/approve?id=${asked.body.data.id}`, bob)).body.code).toBe(200);
    // Approved in prod, it is not approved elsewhere, nor without its context.
    expect((await call("/run", alice, { json: { language: "hql", content: "use test;\ndrop table ods_day" } })).body.code).toBe(400);
    expect((await call("/run", alice, { json: { language: "hql", content: "drop table ods_day" } })).body.code).toBe(400);

    // Twice in one script: two approvals, one for each time it runs.
    const twice = { language: "hql", content: "use prod;\ndrop table ods_day;\nselect 1;\ndrop table ods_day" };
    expect((await call("/run", alice, { json: twice })).body).toMatchObject({ code: 400, data: { statements: ["use prod;\ndrop table ods_day"] } });
    const more = await call("/approval/request", alice, { json: twice });
    expect(more.body.data.ids).toHaveLength(2);
    expect(more.body.data.ids).toContain(asked.body.data.id);
    for (const id of more.body.data.ids.filter((i: string) => i !== asked.body.data.id)) expect((await call(`/approval/approve?id=${id}`, bob)).body.code).toBe(200);
    expect((await call("/run", alice, { json: twice })).body.code).toBe(200);
    expect((await call("/run", alice, { json: inProd })).body.code).toBe(400);
  });

  it("gates the other languages' high-risk calls and ignores them in comments", async () => {
    expect((await call("/run", alice, { json: { language: "python", content: "import os" } })).body.code).toBe(400);
    expect((await call("/run", alice, { json: { language: "python", content: "# import os\nprint(1)" } })).body.code).toBe(200);
    expect((await call("/run", alice, { json: { language: "scala", content: "sc.stop()" } })).body.code).toBe(400);
    expect((await call("/run", alice, { json: { language: "hql", content: "select 'drop table x'" } })).body.code).toBe(200);
    expect((await call("/approval/request", alice, { json: { language: "hql", content: "select 1" } })).body.code).toBe(400);
  });
});

describe("/blade-ide/run: an approval runs its script once, for the user who asked", () => {
  const approvedFor = async (token: string, approver: string, script: { language: string; content: string }) => {
    const asked = await call("/approval/request", token, { json: script });
    expect(asked.body).toMatchObject({ code: 200, data: { state: APPROVAL_STATE.pending } });
    for (const id of asked.body.data.ids as string[]) expect((await call(`/approval/approve?id=${id}`, approver)).body.code).toBe(200);
    return asked.body.data.id as string;
  };
  const stateOf = async (id: string) => (await api.db.select().from(ideRunApproval).where(eq(ideRunApproval.id, id)))[0].state;
  const pendingIds = async () => (await call("/approval/list", bob)).body.data.map((a: { id: string }) => a.id) as string[];

  it("is used up by the run: running again needs a new request, which the approvers see again", async () => {
    const script = { language: "hql", content: "drop table ods_user" };
    const first = await approvedFor(alice, bob, script);
    expect((await call("/run", alice, { json: script })).body.code).toBe(200);
    expect(await stateOf(first)).toBe(APPROVAL_STATE.used);

    const again = await call("/run", alice, { json: script });
    expect(again.body).toMatchObject({ code: 400, msg: MSG_NEEDS_APPROVAL, data: { needsApproval: true } });
    // A used approval is no longer waiting, and cannot be approved a second time.
    expect(await pendingIds()).not.toContain(first);
    expect((await call(`/approval/approve?id=${first}`, bob)).body).toMatchObject({ code: 400, msg: MSG_APPROVAL_DONE });

    const renewed = await call("/approval/request", alice, { json: script });
    expect(renewed.body.data).toMatchObject({ state: APPROVAL_STATE.pending });
    expect(renewed.body.data.id).not.toBe(first);
    expect(await pendingIds()).toContain(renewed.body.data.id);
    expect((await call(`/approval/approve?id=${renewed.body.data.id}`, bob)).body.code).toBe(200);
    expect((await call("/run", alice, { json: script })).body.code).toBe(200);
  });

  it("lets no one but its requester run the approved script", async () => {
    const script = { language: "python", content: "import sys\nsys.exit(0)" };
    const alices = await approvedFor(alice, bob, script);
    // Bob sends the same text: Alice's approval is not his.
    expect((await call("/run", bob, { json: script })).body).toMatchObject({ code: 400, data: { needsApproval: true } });
    const bobs = await call("/approval/request", bob, { json: script });
    expect(bobs.body.data).toMatchObject({ state: APPROVAL_STATE.pending });
    expect(bobs.body.data.id).not.toBe(alices);
    // Asking again while approved and unused answers the same approval.
    expect((await call("/approval/request", alice, { json: script })).body.data).toMatchObject({ id: alices, state: APPROVAL_STATE.approved });
    expect(await stateOf(alices)).toBe(APPROVAL_STATE.approved);

    expect((await call("/run", alice, { json: script })).body.code).toBe(200);
    expect((await call("/run", bob, { json: script })).body.code).toBe(400);
  });

  it("runs once when two runs with one approval arrive together", async () => {
    const script = { language: "scala", content: "spark.stop()" };
    const id = await approvedFor(alice, bob, script);
    const runs = await Promise.all([1, 2, 3].map(() => call("/run", alice, { json: script })));
    expect(runs.map((r) => r.body.code).sort()).toEqual([200, 400, 400]);
    expect(runs.find((r) => r.body.code === 400)!.body.data).toMatchObject({ needsApproval: true });
    expect(await stateOf(id)).toBe(APPROVAL_STATE.used);
  });
});
