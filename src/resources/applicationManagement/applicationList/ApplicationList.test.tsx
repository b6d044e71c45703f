/** 应用列表 against the reference server: categories, create with a category, an attachment, the status switch, delete. */
import { File as NodeFile } from "node:buffer";
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { basicAuth } from "../../../../server/test/fresh-app";
import { findRow, renderConsole, setupResourceTest } from "../../../testing/harness";
import { applicationListResource } from ".";

const t = setupResourceTest(() => import("./ApplicationList"));

async function server<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await t.api.request(`/api/authentication${path}`, { token: t.token, query });
  return (await res.json()).data as T;
}
async function post(path: string, json: Record<string, unknown>): Promise<string> {
  const res = await t.api.request(`/api/authentication${path}`, { token: t.token, json });
  return ((await res.json()).data as { id: string }).id;
}
/** Node's FormData and File: jsdom's cannot carry bytes to the server app (a browser's are real ones). */
const nodeFormData = async () => (await new Request("http://x", { method: "POST", body: new URLSearchParams() }).formData()).constructor as typeof FormData;

/** A file uploaded as the signed-in administrator, as the widget would: its link. */
async function uploadToServer(name: string, text: string): Promise<string> {
  const form = new (await nodeFormData())();
  form.append("file", new NodeFile([text], name) as unknown as Blob, name);
  const headers = { Authorization: basicAuth(), "Blade-Auth": `bearer ${t.token}` };
  const res = await t.api.app.request("/api/blade-resource/common/upload", { method: "POST", body: form, headers });
  return ((await res.json()).data as { url: string }).url;
}
const apps = (appName: string) => server<{ records: { id: string; appCode: string; categoryId: string; status: number }[] }>("/app/page", { appName }).then((p) => p.records);

describe("Applications → 应用列表 against the reference server", () => {
  it("adds a category from the tree, files a new application under it, and filters by it", async () => {
    const user = userEvent.setup();
    await post("/app/insert", { appName: "外部应用", appCode: "outside", appUrl: "https://outside.example.com" });
    renderConsole(applicationListResource);
    await findRow("外部应用");
    await screen.findByText("全部应用");
    await user.click(screen.getByRole("button", { name: "新增分类" }));
    const categoryDialog = await screen.findByRole("dialog");
    await user.click(within(categoryDialog).getByRole("button", { name: /保\s*存/ }));
    await within(categoryDialog).findByText("请输入分类名称");
    await user.type(within(categoryDialog).getByLabelText("分类名称"), "办公协同");
    await user.click(within(categoryDialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    await user.click(await within(screen.getByRole("tree")).findByText("办公协同"));

    // The list's own 新增 (the tree offers 新增子分类 for the chosen category).
    await user.click((await screen.findAllByRole("button", { name: /新\s*增/ })).find((b) => b.textContent?.replace(/\s/g, "") === "新增")!);
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await within(dialog).findByText("请输入应用名称");
    await user.type(within(dialog).getByLabelText("应用名称"), "审批中心");
    await user.type(within(dialog).getByLabelText("应用编码"), "approval");
    await user.type(within(dialog).getByLabelText("应用地址"), "javascript:alert(1)");
    await within(dialog).findByText("格式不正确");
    await user.clear(within(dialog).getByLabelText("应用地址"));
    await user.type(within(dialog).getByLabelText("应用地址"), "https://approval.example.com");
    await user.click(within(dialog).getByLabelText("应用分类"));
    await user.click((await screen.findAllByTitle("办公协同")).at(-1)!);
    // An icon that is neither our upload nor http(s): the server's refusal shows beside the field.
    await user.type(within(dialog).getByLabelText("应用图标"), "javascript:alert(1)");
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(() => expect(within(dialog).getByText("应用图标只能是上传的图片或 http(s) 地址")).toBeInTheDocument());
    expect(await apps("审批中心")).toEqual([]);
    await user.clear(within(dialog).getByLabelText("应用图标"));
    // The save button rests a moment after a save (prevent-double-click).
    await waitFor(() => expect(within(dialog).getByRole("button", { name: /保\s*存/ })).toBeEnabled(), { timeout: 10_000 });
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("添加成功");
    const [created] = await apps("审批中心");
    const tree = await server<{ id: string; title: string }[]>("/bladeApplicationManageTree/list");
    expect(created).toMatchObject({ appCode: "approval", categoryId: tree.find((n) => n.title === "办公协同")!.id, status: 1 });
    // The list shows the chosen category only.
    await findRow("审批中心");
    await waitFor(() => expect(within(screen.getByRole("table")).queryByText("外部应用")).toBeNull());
  });

  it("uploads an attachment in the form, saves it, and offers it in the row as a download named after the file", async () => {
    // jsdom's File and FormData cannot carry bytes to the server app: Node's stand in for a browser's.
    vi.stubGlobal("FormData", await nodeFormData());
    vi.stubGlobal("File", NodeFile);
    try {
      const user = userEvent.setup({ applyAccept: false });
      const appId = await post("/app/insert", { appName: "门户", appCode: "portal", appUrl: "https://portal.example.com" });
      renderConsole(applicationListResource);
      const row = await findRow("门户");
      expect(within(row).getByText("无附件")).toBeInTheDocument();
      await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
      const dialog = await screen.findByRole("dialog");
      await waitFor(() => expect(within(dialog).getByLabelText("应用名称")).toHaveValue("门户"));
      // The upload renders a new file input after each pick: look it up each time.
      const input = () => within(dialog).getByLabelText("附件") as HTMLInputElement;
      // §5: the generic upload's default list refuses a video before anything is sent.
      await user.upload(input(), new NodeFile(["x"], "演示.mp4") as unknown as File);
      expect((await screen.findAllByText("上传文件格式错误")).length).toBeGreaterThan(0);
      await user.upload(input(), new NodeFile(["%PDF-1.4 接入说明"], "接入手册.pdf") as unknown as File);
      await screen.findByText("上传成功");
      expect(within(dialog).getByText("接入手册.pdf")).toBeInTheDocument();
      // One file at most (§5's default count): a second one is refused with the count message.
      await user.upload(input(), new NodeFile(["第二份"], "第二份.txt") as unknown as File);
      expect((await screen.findAllByText("上传文件数量不能超过 1 个")).length).toBeGreaterThan(0);
      await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
      await screen.findByText("修改成功");
      const saved = await server<{ attachment: string; attachmentName: string }>("/app/details", { id: appId });
      expect(saved).toMatchObject({ attachment: expect.stringMatching(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+$/), attachmentName: "接入手册.pdf" });
      // The row names the file as a link (text, never markup).
      await waitFor(async () => expect(within(await findRow("门户")).getByText("接入手册.pdf").closest("a, .ant-typography")).not.toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows a saved attachment in the form under its file's name, not its link", async () => {
    const link = await uploadToServer("使用说明.txt", "说明");
    await post("/app/insert", { appName: "知识库", appCode: "wiki", appUrl: "https://wiki.example.com", attachment: link });
    const user = userEvent.setup();
    renderConsole(applicationListResource);
    const row = await findRow("知识库");
    expect(within(row).getByText("使用说明.txt")).toBeInTheDocument();
    await user.click(await within(row).findByRole("button", { name: /编\s*辑/ }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByText("使用说明.txt")).toBeInTheDocument());
    expect(within(dialog).queryByText(link.split("/").pop()!)).toBeNull();
  });

  it("disables an application after confirmation, and refuses a category delete while it holds applications", async () => {
    const user = userEvent.setup();
    const categoryId = await post("/bladeApplicationManageTree/insert", { categoryName: "工具类" });
    await post("/app/insert", { appName: "日程", appCode: "calendar", appUrl: "https://cal.example.com", categoryId });
    renderConsole(applicationListResource);
    const row = await findRow("日程");
    await user.click(await within(row).findByRole("switch", { name: "日程 状态" }));
    await user.click(await screen.findByRole("button", { name: /确\s*定/ }));
    await screen.findByText("修改成功");
    await waitFor(async () => expect((await apps("日程"))[0].status).toBe(0));

    await user.click(await within(await screen.findByRole("tree")).findByText("工具类"));
    await user.click(await screen.findByRole("button", { name: /删除分类/ }));
    await user.click(await screen.findByRole("button", { name: /确\s*定/ }));
    expect((await screen.findAllByText("该分类下还有应用,请先移走或删除这些应用")).length).toBeGreaterThan(0);
    expect((await server<{ title: string }[]>("/bladeApplicationManageTree/list")).map((n) => n.title)).toContain("工具类");
  });

  it("deletes an application after a confirmation that names what goes with it", async () => {
    const user = userEvent.setup();
    const appId = await post("/app/insert", { appName: "报表", appCode: "report", appUrl: "https://report.example.com" });
    await post("/bladeApplicationRole/insert", { appId, roleName: "查看者", roleCode: "viewer" });
    renderConsole(applicationListResource);
    const row = await findRow("报表");
    await user.click(await within(row).findByRole("button", { name: /删\s*除/ }));
    const confirm = (await screen.findByText(/应用的角色、用户的应用角色和角色组的绑定将一并删除/)).closest(".ant-popover") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await screen.findByText("删除成功");
    await waitFor(async () => expect(await apps("报表")).toEqual([]));
    expect((await server<{ records: unknown[] }>("/bladeApplicationRole/page", { appId })).records).toEqual([]);
  });
});
