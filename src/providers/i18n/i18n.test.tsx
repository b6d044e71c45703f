import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import dayjs from "dayjs";
import { addTranslations, getAntdLocale, i18n, i18nProvider, setLanguage, t, useAntdLocale, useLanguage } from "./index";

afterEach(async () => {
  await setLanguage("zh");
  localStorage.clear();
});

function LocaleProbe() {
  const locale = useAntdLocale();
  const lang = useLanguage();
  return <span data-testid="probe">{`${lang}:${locale.locale}:${locale.Pagination?.items_per_page}`}</span>;
}

describe("i18n provider", () => {
  it("starts in zh with the dayjs and antd zh locales", () => {
    expect(i18n.language).toBe("zh");
    expect(t("http.timeout")).toBe("网络请求超时");
    expect(t("http.unknown")).toBe("未知错误");
    expect(dayjs.locale()).toBe("zh-cn");
    expect(getAntdLocale().locale).toBe("zh-cn");
  });

  it("switching language changes i18next, dayjs and antd together and saves the choice", async () => {
    await setLanguage("en");
    expect(i18n.language).toBe("en");
    expect(t("http.timeout")).toBe("Network request timed out");
    expect(t("http.unknown")).toBe("Unknown error");
    expect(dayjs.locale()).toBe("en");
    expect(dayjs("2024-01-01").format("MMMM")).toBe("January");
    expect(getAntdLocale().locale).toBe("en");
    expect(JSON.parse(localStorage.getItem("blade-language")!).content).toBe("en");
    await setLanguage("zh");
    expect(dayjs("2024-01-01").format("MMMM")).toBe("一月");
    expect(getAntdLocale().locale).toBe("zh-cn");
  });

  it("useAntdLocale re-renders components when the language changes", async () => {
    render(<LocaleProbe />);
    expect(screen.getByTestId("probe").textContent).toBe("zh:zh-cn:条/页");
    await act(() => setLanguage("en"));
    expect(screen.getByTestId("probe").textContent).toBe("en:en:/ page");
  });

  it("a re-initialised module reads the saved language", async () => {
    await setLanguage("en");
    vi.resetModules();
    const fresh = await import("./index");
    const freshDayjs = (await import("dayjs")).default;
    expect(fresh.i18n).not.toBe(i18n);
    expect(fresh.i18n.language).toBe("en");
    expect(fresh.t("messages.deleted")).toBe("Deleted successfully");
    expect(freshDayjs.locale()).toBe("en");
    expect(fresh.getAntdLocale().locale).toBe("en");
  });

  it("ignores an invalid saved language", async () => {
    localStorage.setItem("blade-language", JSON.stringify({ dataType: "string", content: "fr", type: "local", datetime: 1 }));
    vi.resetModules();
    const fresh = await import("./index");
    expect(fresh.i18n.language).toBe("zh");
  });

  it("has the §8 texts in both languages", async () => {
    expect([t("messages.added"), t("messages.updated"), t("messages.deleted")]).toEqual(["添加成功", "修改成功", "删除成功"]);
    expect(t("messages.confirmDelete")).toBe("确定将选择数据删除?");
    expect(t("messages.selectAtLeastOne")).toBe("请选择至少一条数据");
    expect(t("common.empty")).toBe("暂无数据");
    await setLanguage("en");
    expect(t("messages.confirmDelete")).toBe("Confirm to delete selected data?");
    expect(t("messages.selectAtLeastOne")).toBe("Please select at least one item");
    expect(t("common.empty")).toBe("No data");
  });

  it("addTranslations registers a namespace under the default namespace and deep-merges", async () => {
    addTranslations("user", { zh: { fields: { account: "账号" } }, en: { fields: { account: "Account" } } });
    addTranslations("user", { zh: { fields: { realName: "姓名" } }, en: { fields: { realName: "Name" } } });
    expect(t("user.fields.account")).toBe("账号");
    expect(t("user.fields.realName")).toBe("姓名");
    await setLanguage("en");
    expect(i18nProvider.translate("user.fields.account")).toBe("Account");
  });
});

describe("i18nProvider (refine)", () => {
  it("maps refine's success notifications to the §8 texts", async () => {
    const tr = i18nProvider.translate;
    expect(tr("notifications.createSuccess", { resource: "用户" }, "Successfully created 用户")).toBe("添加成功");
    expect(tr("notifications.editSuccess", { resource: "用户" }, "x")).toBe("修改成功");
    expect(tr("notifications.deleteSuccess", { resource: "用户" }, "x")).toBe("删除成功");
    await setLanguage("en");
    expect(tr("notifications.deleteSuccess", { resource: "user" }, "x")).toBe("Deleted successfully");
    expect(tr("buttons.create", "Create")).toBe("Create");
    expect(tr("notifications.createError", { resource: "user", statusCode: 400 }, "x")).toBe(
      "There was an error creating user (status code: 400)",
    );
  });

  it("falls back to the default message for unknown keys, in both call styles", () => {
    expect(i18nProvider.translate("users.users", "users")).toBe("users");
    expect(i18nProvider.translate("nope.key", {}, "Fallback")).toBe("Fallback");
    expect(i18nProvider.translate("buttons.save", "Save")).toBe("保存");
  });

  it("changeLocale and getLocale go through setLanguage", async () => {
    await i18nProvider.changeLocale("en");
    expect(i18nProvider.getLocale()).toBe("en");
    expect(dayjs.locale()).toBe("en");
  });
});
