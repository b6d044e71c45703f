import { useCallback } from "react";
import type { MenuNode } from "../../domain/contract";
import { i18n, useLanguage, type Language } from "../providers/i18n";
import "./menu-i18n";
import { SHARED_BUTTONS } from "./shared-buttons";

/** What names a menu item on the server; a real server may leave any of it out. */
export type MenuNaming = Partial<Pick<MenuNode, "code" | "alias" | "name">>;

/** The language the server's menu names are written in. */
const SERVER_LANGUAGE: Language = "zh";

// i18next would read a "." or ":" inside a code as a key or namespace separator.
const keyOf = (ns: string, id: string | undefined) => (id && /^[\w-]+$/.test(id) ? `${ns}.${id}` : undefined);

const translate = (key: string, lng: Language): string => i18n.t(key, { lng });


/**
 * The name a menu item shows in `lng`: the translation of its code, else (a button) of its alias,
 * else of its alias as a menu, else the server's name. A name an operator has changed on the
 * server (it is no longer the platform's name for that code) stays theirs in every language: no
 * translation of ours would match it.
 */
export function menuName(node: MenuNaming, lng: Language): string {
  const shared = node.alias && Object.hasOwn(SHARED_BUTTONS, node.alias) ? SHARED_BUTTONS[node.alias] : undefined;
  const keys = [keyOf("menuName", node.code), keyOf("buttonName", node.code), keyOf("buttonName", node.alias), shared, keyOf("menuName", node.alias)];
  for (const key of keys) {
    if (!key || !i18n.exists(key, { lng: SERVER_LANGUAGE })) continue;
    if (node.name && node.name !== translate(key, SERVER_LANGUAGE)) {
      // The code is the platform's but the name is not: the operator's own, in every language.
      if (key === keys[0]) break;
      continue;
    }
    return translate(key, lng);
  }
  return node.name ?? "";
}

/** The zh menu and button names of the platform, each with its key (built once per bundle). */
let byText: Map<string, string> | undefined;
i18n.on("added", () => (byText = undefined));
function keyOfText(text: string): string | undefined {
  if (!byText) {
    byText = new Map();
    for (const ns of ["menuName", "buttonName"]) {
      const bundle = (i18n.getResource(SERVER_LANGUAGE, "translation", ns) ?? {}) as Record<string, unknown>;
      for (const [id, zh] of Object.entries(bundle)) if (typeof zh === "string" && !byText.has(zh)) byText.set(zh, `${ns}.${id}`);
    }
    for (const key of Object.values(SHARED_BUTTONS)) byText.set(translate(key, SERVER_LANGUAGE), key);
  }
  return byText.get(text);
}

/**
 * A menu or button name the server wrote as text only (a grant tree's title, an operation log's
 * 角色管理-新增), in `lng`: the platform's name for it, else the text as written.
 */
export function menuText(text: string, lng: Language): string {
  const key = keyOfText(text);
  return key ? translate(key, lng) : text;
}

/** An operation log title, 模块-操作 (server/kit/audit.ts): each part as the menus name it. */
export function operationTitle(title: string, lng: Language): string {
  if (lng === SERVER_LANGUAGE) return title;
  const whole = menuText(title, lng);
  if (whole !== title) return whole;
  const at = title.indexOf("-");
  return at < 0 ? title : `${menuText(title.slice(0, at), lng)} - ${menuText(title.slice(at + 1), lng)}`;
}

/** menuText in the current language; a new function when the language changes. */
export function useMenuText(): (text: string) => string {
  const lng = useLanguage();
  return useCallback((text: string) => menuText(text, lng), [lng]);
}

/** menuName in the current language; a new function when the language changes. */
export function useMenuName(): (node: MenuNaming) => string {
  const lng = useLanguage();
  return useCallback((node: MenuNaming) => menuName(node, lng), [lng]);
}
