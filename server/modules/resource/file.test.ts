import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, freshApp, type TestApp } from "../../test/fresh-app";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await freshApp({ uploadMaxMb: 1 });
  await t.createUser({ account: "uploader", password: "Passw0rd!x" });
  token = (await t.login("uploader", "Passw0rd!x")).access_token;
});
afterAll(() => t.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

function put(name: string, bytes: Uint8Array | string, auth: string | null = token, path = "put-file", field = "file") {
  const form = new FormData();
  form.append(field, new File([bytes as BlobPart], name));
  const headers: Record<string, string> = { Authorization: basicAuth() };
  if (auth) headers["Blade-Auth"] = `bearer ${auth}`;
  return Promise.resolve(t.app.request(`/api/blade-resource/oss/endpoint/${path}`, { method: "POST", body: form, headers }));
}
const get = (link: string, auth: string | null = token) => t.request(link, { token: auth ?? undefined });

describe("POST /blade-resource/oss/endpoint/put-file", () => {
  it("stores an image and serves it back inline to the tenant, with its own type and nosniff", async () => {
    const res = await put("头像.png", PNG);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ originalName: "头像.png", domain: "", link: expect.stringMatching(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+$/) });
    expect(data.name).toMatch(/^000000\/\d+\.png$/);
    const file = await get(data.link);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toMatch(/^inline; .*filename\*=UTF-8''%E5%A4%B4%E5%83%8F\.png$/);
  });

  it("serves other files, HTML included, as attachments in a sandbox", async () => {
    const { data } = await (await put("page.html", "<script>alert(1)</script>")).json();
    const file = await get(data.link);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    const pdf = await (await put("report.pdf", "%PDF-1.4", token, "put-file-attach")).json();
    expect(pdf.data.attachId).toMatch(/^\d+$/);
    expect((await get(pdf.data.link)).headers.get("content-type")).toBe("application/pdf");
  });

  it("checks the extension with the shared rule, and the bytes of images", async () => {
    for (const [name, bytes] of [
      ["evil.svg", "<svg onload=alert(1)>"],
      ["run.exe", "MZ"],
      ["noext", "x"],
      ["fake.png", "<html>not a png</html>"],
      ["fake.jpg", PNG],
    ] as const) {
      const res = await put(name, bytes);
      expect(res.status, name).toBe(400);
      expect((await res.json()).msg).toBe("上传文件格式错误");
    }
    expect((await put("photo.JPG", JPEG)).status).toBe(200);
  });

  it("refuses a file over the configured size", async () => {
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    const res = await put("big.png", big);
    expect([400, 413]).toContain(res.status);
    expect((await res.json()).msg).toBe("上传文件大小不能超过 1 MB!");
  });

  it("answers 400 without a file part", async () => {
    const res = await put("a.png", PNG, token, "put-file", "other");
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("请选择要上传的文件");
  });

  it("needs a session to upload and to read, and refuses another tenant", async () => {
    expect((await put("a.png", PNG, null)).status).toBe(401);
    const { data } = await (await put("private.txt", "secret")).json();
    expect((await get(data.link, null)).status).toBe(401);
    await t.createTenant("600001");
    await t.createUser({ account: "stranger", password: "Passw0rd!x", tenantId: "600001" });
    const stranger = (await t.login("stranger", "Passw0rd!x", { tenantId: "600001" })).access_token;
    // Another tenant's file is answered like a missing one.
    expect((await get(data.link, stranger)).status).toBe(404);
    expect((await get("/api/blade-resource/oss/endpoint/file/1234567890123456789")).status).toBe(404);
    expect((await get("/api/blade-resource/oss/endpoint/file/abc")).status).toBe(404);
  });
});

describe("POST /blade-resource/common/upload (the generic upload of §5)", () => {
  const common = (name: string, bytes: Uint8Array | string, auth: string | null = token) => {
    const form = new FormData();
    form.append("file", new File([bytes as BlobPart], name));
    const headers: Record<string, string> = { Authorization: basicAuth() };
    if (auth) headers["Blade-Auth"] = `bearer ${auth}`;
    return Promise.resolve(t.app.request("/api/blade-resource/common/upload", { method: "POST", body: form, headers }));
  };

  it("stores a file of the default list and answers its url, which serves it back", async () => {
    const res = await common("制度.docx", "PK docx");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ originalName: "制度.docx", url: expect.stringMatching(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+$/) });
    expect(data.url).toBe(data.link);
    const file = await get(data.url);
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe("PK docx");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("takes only the default extensions: the second variant's extra ones are refused", async () => {
    for (const name of ["clip.mp4", "page.html", "table.csv", "anim.gif", "deck.pptx", "run.exe"]) {
      const res = await common(name, "x");
      expect(res.status, name).toBe(400);
      expect((await res.json()).msg, name).toBe("上传文件格式错误");
    }
    expect((await common("fake.png", "<html>")).status).toBe(400);
    expect((await common("a.PNG", PNG)).status).toBe(200);
  });

  it("takes a file of exactly the configured size past the 1 MB limit of other calls, and refuses one byte more", async () => {
    const exact = new Uint8Array(1024 * 1024);
    exact.set(PNG);
    expect((await common("exact.png", exact)).status).toBe(200);
    const over = new Uint8Array(1024 * 1024 + 1);
    over.set(PNG);
    const res = await common("over.png", over);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe("上传文件大小不能超过 1 MB!");
    const huge = await common("huge.pdf", new Uint8Array(3 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect((await huge.json()).msg).toBe("上传文件大小不能超过 1 MB!");
  });

  it("needs a session, a file part and a multipart body", async () => {
    expect((await common("a.txt", "x", null)).status).toBe(401);
    const form = new FormData();
    form.append("other", new File(["x"], "a.txt"));
    const headers = { Authorization: basicAuth(), "Blade-Auth": `bearer ${token}` };
    const noFile = await t.app.request("/api/blade-resource/common/upload", { method: "POST", body: form, headers });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).msg).toBe("请选择要上传的文件");
    const json = await t.request("/api/blade-resource/common/upload", { token, json: { file: "x" } });
    expect(json.status).toBe(400);
    expect((await json.json()).msg).toBe("请使用multipart/form-data上传文件");
  });
});
