/** The generic upload widget against the reference server: §5 checks before sending, the messages, the stored url. */
import { File as NodeFile } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form } from "antd";
import { renderConsole, setupResourceTest } from "../../testing/harness";
import { setLanguage } from "../../providers/i18n";
import { FileUpload, type FileUploadProps } from "./FileUpload";
import { IconInput } from "./IconInput";

const t = setupResourceTest();

// jsdom's File and FormData cannot carry bytes to the server app: use Node's, as a browser's are real
// ones (antd re-wraps a file that is not an instanceof the global File).
beforeEach(async () => {
  const NodeFormData = (await new Request("http://x", { method: "POST", body: new URLSearchParams() }).formData()).constructor;
  vi.stubGlobal("FormData", NodeFormData);
  vi.stubGlobal("File", NodeFile);
});
afterEach(() => vi.unstubAllGlobals());

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const file = (name: string, bytes: Uint8Array | string) => new NodeFile([bytes], name) as unknown as File;

/** The widget in a form, with the value the form would save shown beside it. */
function renderWidget(props: FileUploadProps = {}) {
  renderConsole(
    <Form>
      <Form.Item name="attachment" label="附件">
        <FileUpload {...props} />
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {(form) => <output data-testid="value">{form.getFieldValue("attachment") ?? ""}</output>}
      </Form.Item>
    </Form>,
  );
  return { input: () => document.querySelector("input[type=file]") as HTMLInputElement, value: () => screen.getByTestId("value").textContent ?? "" };
}

// The accept attribute is only a hint to the browser's picker: the widget must refuse what slips past it.
const setup = () => userEvent.setup({ applyAccept: false });

describe("FileUpload (§5 generic upload)", () => {
  it("uploads a document through /common/upload and gives the form the url the server serves it at", async () => {
    const user = setup();
    const w = renderWidget();
    expect(await screen.findByText(/支持 doc、docx、xls、xlsx、ppt、txt、pdf、png、jpg、jpeg 格式，单个文件不超过 5 MB/)).toBeInTheDocument();
    await user.upload(w.input(), file("制度.pdf", "%PDF-1.4 制度"));
    await screen.findByText("上传成功");
    await waitFor(() => expect(w.value()).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+$/));
    expect(screen.getByText("制度.pdf")).toBeInTheDocument();
    const served = await t.api.request(w.value(), { token: t.token });
    expect(await served.text()).toBe("%PDF-1.4 制度");
  });

  it("refuses a file over 5 MB and a wrong format before sending anything", async () => {
    const user = setup();
    const w = renderWidget();
    await user.upload(w.input(), file("big.pdf", new Uint8Array(5 * 1024 * 1024 + 1)));
    await screen.findByText("上传文件大小不能超过 5 MB!");
    await user.upload(w.input(), file("clip.mp4", "x"));
    await screen.findByText("上传文件格式错误");
    expect(w.value()).toBe("");
    expect(screen.queryByText("上传成功")).toBeNull();
  });

  it("holds one file by default: a second one is refused with the count message until the first is removed", async () => {
    const user = setup();
    const w = renderWidget();
    await user.upload(w.input(), file("a.txt", "first"));
    await waitFor(() => expect(w.value()).not.toBe(""));
    const first = w.value();
    await user.upload(w.input(), file("b.txt", "second"));
    await screen.findByText("上传文件数量不能超过 1 个");
    expect(w.value()).toBe(first);
    await user.click(screen.getByRole("button", { name: /delete|删除/i }));
    await waitFor(() => expect(w.value()).toBe(""));
    await user.upload(w.input(), file("b.txt", "second"));
    await waitFor(() => expect(w.value()).not.toBe(""));
    expect(w.value()).not.toBe(first);
  });

  it("says the upload failed when the server refuses the file", async () => {
    const user = setup();
    const w = renderWidget();
    // Named a png, but not one: only the server looks at the bytes.
    await user.upload(w.input(), file("fake.png", "<html>"));
    await screen.findByText("上传失败，请重试");
    expect(w.value()).toBe("");
  });

  it("the attachment variant takes the second list (mp4, html, csv…) through put-file-attach", async () => {
    const user = setup();
    const w = renderWidget({ variant: "attach" });
    await user.upload(w.input(), file("clip.mp4", "mp4 bytes"));
    await screen.findByText("上传成功");
    await waitFor(() => expect(w.value()).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+$/));
    const served = await t.api.request(w.value(), { token: t.token });
    expect(served.headers.get("content-type")).toBe("video/mp4");
  });

  it("an icon (application and directory forms): a picture replaces the previous one, other files are refused", async () => {
    const user = setup();
    renderConsole(
      <Form>
        <Form.Item name="icon" label="应用图标">
          <IconInput fallback="?" />
        </Form.Item>
      </Form>,
    );
    const input = () => document.querySelector("input[type=file]") as HTMLInputElement;
    const field = screen.getByLabelText("应用图标") as HTMLInputElement;
    expect(input().accept).toBe(".png,.jpg,.jpeg");
    await user.upload(input(), file("manual.pdf", "%PDF"));
    await screen.findByText("上传文件格式错误");
    const png = new Uint8Array(64);
    png.set(PNG);
    await user.upload(input(), file("logo.png", png));
    await waitFor(() => expect(field.value).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+$/));
    const first = field.value;
    await user.upload(input(), file("logo2.png", png));
    await waitFor(() => expect(field.value).not.toBe(first));
    expect(field.value).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/\d+$/);
    expect(screen.queryByText("上传文件数量不能超过 1 个")).toBeNull();
    await user.upload(input(), file("huge.png", new Uint8Array(512 * 1024 + 1)));
    await screen.findByText("上传文件大小不能超过 0.5 MB!");
  });

  it("speaks English in the en locale", async () => {
    const user = setup();
    await setLanguage("en");
    try {
      const w = renderWidget({ extensions: ["png"], maxSizeMb: 1 });
      await user.upload(w.input(), file("a.png", new Uint8Array(1024 * 1024 + 1)));
      await screen.findByText("Uploaded file size cannot exceed 1 MB!");
      await user.upload(w.input(), file("a.gif", "GIF89a"));
      await screen.findByText("File format is not allowed");
      const small = new Uint8Array(64);
      small.set(PNG);
      await user.upload(w.input(), file("a.png", small));
      await screen.findByText("Upload successful");
    } finally {
      await setLanguage("zh");
    }
  });
});
