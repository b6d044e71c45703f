/** English names of everything the server seeds in zh: menus, buttons, operation titles, sign-in reasons, dictionaries. */
import { describe, expect, it } from "vitest";
import { MENU_TREE, type MenuSeed } from "../../server/db/seed/menus";
import { DICTS } from "../../server/db/seed/dicts";
import * as checks from "../../server/modules/auth/checks";
import * as social from "../../server/modules/auth/social";
import { MSG_CAPTCHA_REQUIRED } from "../../server/modules/auth/grants";
import { MSG_SIGNED_IN } from "../../server/modules/auth/sign-in-log";
import { MSG_LOCKED } from "../../server/security/lockout";
import { dictLabel } from "../components/resource/dict-i18n";
import { SAMPLE_AREAS } from "../../domain/resources/dataAssets/sample/areas";
import { reasonText } from "../resources/logAudit/systemLogin/reason-i18n";
import { i18n } from "../providers/i18n";
import { loginLogSpec } from "../../domain/resources/logAudit/systemLogin/log-spec";
import "../resources/logAudit/systemLogin";
import { menuName, menuText, operationTitle } from "./menu-name";

const CJK = /[\u3400-\u9fff]/;
const seeds = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [n, ...seeds(n.children ?? [])]);
// As server/db/seed/index.ts writes them: a button's code is its menu's code and its alias.
const buttons = seeds(MENU_TREE).flatMap((m) => (m.buttons ?? []).map((b) => ({ code: `${m.code}_${b.alias}`, alias: b.alias, name: b.name, menu: m })));

describe("seeded menus and buttons in English", () => {
  it("names every seeded menu and button in English, and as the server does in zh", () => {
    const chinese = [
      ...seeds(MENU_TREE).map((m) => ({ code: m.code, name: m.name, en: menuName({ code: m.code, alias: "menu", name: m.name }, "en") })),
      ...buttons.map((b) => ({ code: b.code, name: b.name, en: menuName(b, "en") })),
    ].filter((n) => CJK.test(n.en));
    expect(chinese).toEqual([]);
    for (const b of buttons) expect(menuName(b, "zh")).toBe(b.name);
  });

  it("calls the sign-in log the same in the menu and on its page", () => {
    expect(menuName({ code: "systemLogin", name: "系统登录日志" }, "en")).toBe(i18n.t(`${loginLogSpec.name}.title`, { lng: "en" }));
    expect(menuName({ code: "systemLogin", name: "系统登录日志" }, "en")).toBe("Sign-in log");
  });

  it("names the sample menus (the overview's cards and the sample menu list) in English", () => {
    expect(SAMPLE_AREAS.filter((a) => CJK.test(menuName(a, "en"))).map((a) => a.name)).toEqual([]);
  });

  it("reads a grant tree's titles (names only, no codes) in English", () => {
    const chinese = [...seeds(MENU_TREE).map((m) => m.name), ...buttons.map((b) => b.name)].filter((name) => CJK.test(menuText(name, "en")));
    expect(chinese).toEqual([]);
    expect(menuText("新增角色组", "en")).toBe("Create role group");
    expect(menuText("重置管理员密码", "en")).toBe("Reset administrator password");
    expect(menuText("我的报表", "en")).toBe("我的报表");
  });

  it("splits an operation log title into module and action, and keeps zh as the server wrote it", () => {
    expect(operationTitle("角色管理-新增", "en")).toBe("Roles - Create");
    expect(operationTitle("菜单管理-新增数据权限", "en")).toBe("Menus - Create data scope");
    expect(operationTitle("角色管理-新增", "zh")).toBe("角色管理-新增");
    expect(operationTitle("机构管理", "en")).toBe("Departments");
    for (const b of buttons) expect(operationTitle(`${b.menu.name}-${b.name}`, "en")).not.toMatch(CJK);
  });
});

describe("recorded sign-in reasons in English", () => {
  it("translates every reason the server records", () => {
    const reasons = [
      MSG_SIGNED_IN,
      MSG_LOCKED,
      MSG_CAPTCHA_REQUIRED,
      ...Object.entries({ ...checks, ...social }).filter(([k, v]) => k.startsWith("MSG_") && typeof v === "string").map(([, v]) => v as string),
    ];
    expect(reasons.filter((r) => CJK.test(reasonText(r, "en")))).toEqual([]);
    expect(reasonText("用户名或密码错误", "zh")).toBe("用户名或密码错误");
    expect(reasonText("某个新的原因", "en")).toBe("某个新的原因");
  });
});

describe("seeded dictionaries in English", () => {
  it("translates every entry of the seeded system dictionaries the console shows", () => {
    const shown = DICTS.filter((d) => !["notice", "flow", "user_type"].includes(d.code));
    const chinese = shown.flatMap((d) => d.entries.map(([k, v]) => `${d.code}.${k}: ${dictLabel(d.code, k, v, "en")}`)).filter((s) => CJK.test(s));
    expect(chinese).toEqual([]);
    expect(dictLabel("menu_category", 2, "按钮", "en")).toBe("Button");
    expect(dictLabel("menu_category", 2, "按钮", "zh")).toBe("按钮");
    // An entry reworded on the server is the operator's own.
    expect(dictLabel("menu_category", 2, "操作按钮", "en")).toBe("操作按钮");
  });
});
