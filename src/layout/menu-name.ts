import { useCallback } from "react";
import type { MenuNode } from "../contract";
import { i18n, useLanguage, type Language } from "../providers/i18n";
import "./menu-i18n";

/** What names a menu item on the server; a real server may leave any of it out. */
export type MenuNaming = Partial<Pick<MenuNode, "code" | "alias" | "name">>;

/** The language the server's menu names are written in. */
const SERVER_LANGUAGE: Language = "zh";

// i18next would read a "." or ":" inside a code as a key or namespace separator.
const keyOf = (id: string | undefined) => (id && /^[\w-]+$/.test(id) ? `menuName.${id}` : undefined);

const translate = (key: string, lng: Language): string => i18n.t(key, { lng });

/**
 * The name a menu item shows in `lng`: the translation of its code, else of its alias, else the
 * server's name. A name an operator has changed on the server (it is no longer the platform's
 * name for that code) stays theirs in every language: no translation of ours would match it.
 */
export function menuName(node: MenuNaming, lng: Language): string {
  for (const id of [node.code, node.alias]) {
    const key = keyOf(id);
    if (!key || !i18n.exists(key, { lng: SERVER_LANGUAGE })) continue;
    if (node.name && node.name !== translate(key, SERVER_LANGUAGE)) break;
    return translate(key, lng);
  }
  return node.name ?? "";
}

/** menuName in the current language; a new function when the language changes. */
export function useMenuName(): (node: MenuNaming) => string {
  const lng = useLanguage();
  return useCallback((node: MenuNaming) => menuName(node, lng), [lng]);
}
