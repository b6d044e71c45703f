import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshApp, type TestApp } from "../server/test/fresh-app";
import { sampleHandlers } from "./sample-handlers";

/** The mock flag's browser answers and the reference server's sample module must not drift apart. */
describe("sample endpoints: MSW (mock flag on) and the reference server (flag off) answer alike", () => {
  const msw = setupServer(...sampleHandlers);
  let api: TestApp;
  let token: string;
  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "error" });
    api = await freshApp({ oauth: false });
    token = (await api.loginAdmin()).access_token;
  });
  afterAll(async () => {
    msw.close();
    await api.close();
  });

  it.each([
    "/blade-sample/menu",
    "/blade-sample/menu/lazy-list?parentId=9001",
    "/blade-sample/project/page?current=2&size=10",
    "/blade-sample/project/page?projectName=画像&dbType=Hive",
    "/blade-sample/rest/projects?_start=0&_end=10&projectName_like=数据",
    "/blade-sample/rest/projects/1500000000000000001",
    "/blade-sample/approval/page",
    "/blade-sample/view-record/list?viewer=张三",
    "/blade-sample/table?current=2",
    "/blade-sample/catalog/tree",
    "/blade-sample/catalog/columns",
    "/blade-sample/mail-config",
    "/blade-sample/project/detail?id=1",
    "/blade-sample/menu/lazy-list?parentId=0",
    "/blade-sample/approval/page?createUser=李四&current=1&size=2",
  ])("GET %s", async (path) => {
    const mocked = await fetch(`http://localhost/api${encodeURI(path)}`);
    const served = await api.request(`/api${encodeURI(path)}`, { token });
    expect(mocked.status).toBe(served.status);
    expect(await mocked.json()).toEqual(await served.json());
  });

  it.each(["/blade-sample/user/login", "/blade-sample/user/logout", "/blade-sample/user/refresh"])("POST %s", async (path) => {
    const mocked = await fetch(`http://localhost/api${path}`, { method: "POST" });
    const served = await api.request(`/api${path}`, { token, method: "POST" });
    expect(mocked.status).toBe(served.status);
    expect(await mocked.json()).toEqual(await served.json());
  });
});
