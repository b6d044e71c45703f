/** The kit's words for a resource's things, in both languages, over the specs whose titles vary most. */
import { describe, expect, it } from "vitest";
import { i18n, setLanguage } from "../../providers/i18n";
import { roleCategorySpec, roleSpec } from "../../../domain/resources/system/role/spec";
import { userSpec } from "../../../domain/resources/system/user/spec";
import { dictSpec } from "../../../domain/resources/system/dict/spec";
import { nameFieldOf, nounOf } from "./wording";
import "./i18n";

const title = (spec: Parameters<typeof nounOf>[0], mode: "create" | "edit", lang: "zh" | "en") =>
  i18n.t(`kit.dialog.${mode}`, { noun: nounOf(spec, lang), lng: lang });

describe("dialog titles", () => {
  it("are the action and the thing: 新增用户, 编辑角色; Create user, Edit role", async () => {
    await setLanguage("zh");
    expect(title(userSpec, "create", "zh")).toBe("新增用户");
    expect(title(roleSpec, "edit", "zh")).toBe("编辑角色");
    expect(title(userSpec, "create", "en")).toBe("Create user");
    expect(title(roleSpec, "edit", "en")).toBe("Edit role");
    expect(title(roleCategorySpec, "create", "en")).toBe("Create role category");
    expect(title(dictSpec, "edit", "en")).toBe("Edit system dictionary");
    // A leading acronym keeps its capitals.
    expect(title({ title: { zh: "短信配置", en: "SMS settings" } }, "create", "en")).toBe("Create SMS setting");
  });
});

describe("the field naming a row", () => {
  it("is the name the operator knows the row by", () => {
    expect(nameFieldOf(userSpec)).toBe("realName");
    expect(nameFieldOf(roleSpec)).toBe("roleName");
    expect(nameFieldOf(dictSpec)).toBe("dictValue");
  });
});
