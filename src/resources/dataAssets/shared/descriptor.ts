import { createElement, type ComponentType } from "react";
import { lazyRoute } from "../../../components/lazy-route";
import { addTranslations } from "../../../providers/i18n";
import type { ResourceDescriptor } from "../../types";
import { sampleArea } from "../../../../domain/resources/dataAssets/sample/areas";
import { API } from "../../../../domain/contract/api";

/** A sample page's descriptor: its menu path and code (the seeded §2 menus), title, lazy page. */
export function sampleDescriptor(opts: {
  name: string;
  path: string;
  menuCode: string;
  title: { zh: string; en: string };
  api: string;
  page: () => Promise<{ default: ComponentType }>;
}): ResourceDescriptor {
  addTranslations(opts.name, { zh: { title: opts.title.zh }, en: { title: opts.title.en } });
  return {
    name: opts.name,
    path: opts.path,
    labelKey: `${opts.name}.title`,
    list: lazyRoute(opts.page),
    meta: { api: opts.api, permissions: { list: opts.menuCode } },
  };
}

/**
 * A sample top-level page of §2 (areas.ts): the menu's path and code, named by the menu's own
 * words, its page the shared sample area page bound to the area.
 */
export function sampleAreaDescriptor(code: string): ResourceDescriptor {
  const area = sampleArea(code);
  return {
    name: code,
    path: area.path,
    labelKey: `menuName.${code}`,
    list: lazyRoute(() => import("./SampleAreaPage").then((m) => ({ default: () => createElement(m.SampleAreaPage, { area }) }))),
    meta: { api: API.base("/blade-sample"), permissions: { list: code } },
  };
}
