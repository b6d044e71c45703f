import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserVO } from "../../../domain/contract";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { freshApp, type TestApp } from "../../test/fresh-app";
import { MSG_ID_NUMBER_TAKEN } from "./service";

/* A user's ID document (§3's six types), checked with domain/validation and stored normalised. */
let t: TestApp;
let admin: string;
let roleId: string;
let deptId: string;

beforeAll(async () => {
  t = await freshApp();
  admin = (await t.loginAdmin()).access_token;
  const me = (await (await t.request("/api/blade-user/page", { token: admin, query: { account: "admin" } })).json()).data.records[0] as UserVO;
  roleId = me.roleId;
  deptId = me.deptId.split(",")[0];
});
afterAll(() => t.close());

const submit = (json: Record<string, unknown>) =>
  t.request("/api/blade-user/submit", { token: admin, json: { realName: "证件", password: "Passw0rd!x", password2: "Passw0rd!x", roleId, deptId, ...json } });

describe("a user's ID type and number", () => {
  it("stores a valid passport number upper-cased and answers it in the detail", async () => {
    const res = await submit({ account: "idpassport", idType: 3, idNumber: "e12345678" });
    expect(res.status).toBe(200);
    const { id } = (await res.json()).data as UserVO;
    const detail = (await (await t.request("/api/blade-user/detail", { token: admin, query: { id } })).json()).data as UserVO;
    expect(detail).toMatchObject({ idType: 3, idNumber: "E12345678" });
  });

  it("refuses a resident ID card whose check character is wrong, beside the field, and creates nobody", async () => {
    const res = await submit({ account: "idbad", idType: 0, idNumber: "110105194912310021" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.data).toContainEqual({ field: "idNumber", message: "证件号码校验位错误" });
    const page = (await (await t.request("/api/blade-user/page", { token: admin, query: { account: "idbad" } })).json()).data;
    expect(page.total).toBe(0);
  });

  it("keeps an ID number to one user of a tenant, on create and update, beside the field", async () => {
    const first = await submit({ account: "idowner", idType: 0, idNumber: "11010519491231002X" });
    expect(first.status).toBe(200);
    const owner = ((await first.json()).data as UserVO).id;
    // The same number however its letters are cased (it is stored upper-cased).
    for (const [account, idType, idNumber] of [["idclash1", 0, "11010519491231002x"], ["idclash2", 0, "11010519491231002X"]] as const) {
      const res = await submit({ account, idType, idNumber });
      expect(res.status, account).toBe(400);
      expect(await res.json()).toMatchObject({ msg: MSG_ID_NUMBER_TAKEN, data: [{ field: "idNumber", message: MSG_ID_NUMBER_TAKEN }] });
    }
    const other = ((await (await submit({ account: "idother", idType: 3, idNumber: "E7654321" })).json()).data as UserVO).id;
    const update = (json: Record<string, unknown>) => t.request("/api/blade-user/update", { token: admin, json });
    const moved = await update({ id: other, idType: 0, idNumber: "11010519491231002X" });
    expect(await moved.json()).toMatchObject({ code: 400, data: [{ field: "idNumber", message: MSG_ID_NUMBER_TAKEN }] });
    // A user's own number is no clash, and a number given up is free for another.
    expect((await update({ id: owner, realName: "改名", idType: 0, idNumber: "11010519491231002X" })).status).toBe(200);
    expect((await update({ id: owner, idType: 3, idNumber: "E1111111" })).status).toBe(200);
    expect((await update({ id: other, idType: 0, idNumber: "11010519491231002X" })).status).toBe(200);
  });

  it("lets another tenant's user hold the same number, and lets only one of two simultaneous creates take it", async () => {
    await t.createTenant("100061");
    const { id } = await t.createUser({ account: "elsewhere", password: "Passw0rd!x", tenantId: "100061" });
    await t.db.update(user).set({ idType: 3, idNumber: "G2222222" }).where(eq(user.id, id));
    expect((await submit({ account: "idhere", idType: 3, idNumber: "G2222222" })).status).toBe(200);
    const both = await Promise.all(["idrace1", "idrace2"].map((account) => submit({ account, idType: 3, idNumber: "H3333333" })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("refuses an ID type outside the six", async () => {
    const res = await submit({ account: "idtype9", idType: 9 });
    expect((await res.json()).data).toContainEqual({ field: "idType", message: "证件类型错误" });
  });
});
