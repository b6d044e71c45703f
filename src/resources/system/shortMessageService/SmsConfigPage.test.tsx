/** 短信配置 against the reference server: save a provider with its secret key, then switch it on after confirmation. */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderConsole, setupResourceTest } from "../../../testing/harness";
import { shortMessageServiceResource } from ".";

const t = setupResourceTest(() => import("./SmsConfigPage"));

async function onServer() {
  const res = await t.api.request("/api/blade-resource/sms/detail", { token: t.token, query: { smsCode: "VERIFICATION_CODE" } });
  const raw = await res.text();
  return { raw, data: JSON.parse(raw).data as Record<string, unknown> };
}

describe("System → 短信配置 against the reference server", () => {
  it("saves a provider with its secret key (shown only as 已设置), then enables it after confirmation", async () => {
    const user = userEvent.setup();
    renderConsole(shortMessageServiceResource);
    const status = await screen.findByRole("switch", { name: "启用状态" }, { timeout: 15_000 });
    expect(status).toBeDisabled(); // nothing saved yet
    await user.click(await screen.findByRole("combobox", { name: "服务商" }, { timeout: 15_000 }));
    await user.click(await screen.findByTitle("阿里云"));
    await user.click(screen.getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("请输入AccessKey");
    await user.type(screen.getByLabelText("AccessKey"), "LTAI-console");
    await user.type(screen.getByLabelText("SecretKey"), "Sms-Secret-77");
    await user.type(screen.getByLabelText("短信签名"), "刀锋科技");
    await user.type(screen.getByLabelText("模板编号"), "SMS_1");
    await user.click(screen.getByRole("button", { name: /保\s*存/ }));
    await screen.findByText("修改成功");
    const saved = await onServer();
    expect(saved.data).toMatchObject({ provider: "aliyun", accessKey: "LTAI-console", secretKeySet: true, status: 0 });
    expect(saved.raw).not.toContain("Sms-Secret-77");
    await waitFor(() => expect(screen.getByLabelText("SecretKey")).toHaveValue(""));
    expect(screen.getByText("已设置")).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole("switch", { name: "启用状态" })).toBeEnabled());
    await user.click(screen.getByRole("switch", { name: "启用状态" }));
    const confirm = await screen.findByRole("dialog");
    await user.click(within(confirm).getByRole("button", { name: /确\s*定/ }));
    await screen.findByText("操作成功");
    await waitFor(async () => expect((await onServer()).data.status).toBe(1));
  });
});
