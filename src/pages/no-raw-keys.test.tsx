/**
 * No page shows an i18n key. Every registered resource's page and every static page is opened
 * once in the whole console (layout included), against the real server through MSW,
 * signed in as the administrator; once the page has named the browser tab, its title, headings,
 * breadcrumb, tabs, column headers and menu names are read. A key left untranslated shows as the
 * key itself ("sample.notice") or as refine's humanised fallback ("Asset collect.titles"); in
 * English, the words the console owns (title, breadcrumb, menu, tabs) are not Chinese either.
 */
import { act, cleanup, configure, render, waitFor } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import { http as mock, HttpResponse } from "msw";
import { useEffect } from "react";
import { MemoryRouter, useNavigate, type NavigateFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../Root";
import { HttpBridge } from "../components/HttpBridge";
import { signIn, startTestApi, type TestApi } from "../testing/harness";
import { website } from "../config/website";
import { i18n, setLanguage, type Language } from "../providers/i18n";
import { resetStorage } from "../providers/testing/fixtures";
import { resources } from "../resources";
import { tagStore } from "../layout/tags";

configure({ asyncUtilTimeout: 20_000 });

// Monaco does not draw in jsdom (no canvas); the IDE's own words are around the editor, not in it.
vi.mock("../resources/dataFactory/ide/ScriptEditor", () => ({ ScriptEditor: () => <textarea aria-label="script" /> }));

/** The static pages of §2 a signed-in operator can land on, with the title each gives the tab. */
const STATIC_PAGES: { path: string; titleKey: string }[] = [
  { path: "/workbench/index", titleKey: "workbench.title" },
  { path: "/personCenter/index", titleKey: "personCenter.title" },
  { path: "/404", titleKey: "404" },
  { path: "/403", titleKey: "403" },
  { path: "/500", titleKey: "500" },
  { path: "/err-page", titleKey: "routeGuard.loadErrorTitle" },
  { path: "/authError", titleKey: "oauth.authErrorTitle" },
  { path: "/test", titleKey: "diagnostics.title" },
];

// A resource under another one's path (the menu page's data scopes, API scopes, top menus) is shown
// inside that page, in a drawer or a tab: it has no menu of its own to open it by.
const nested = (path: string) => resources.some((r) => path.startsWith(`${r.path}/`));
const PAGES = [...STATIC_PAGES, ...resources.filter((r) => !nested(r.path)).map((r) => ({ path: r.path, titleKey: r.labelKey }))];

/** `word.word` (an untranslated key or refine's humanised fallback of one); numbers and addresses aside. */
const KEY_LIKE = /(?<![\w/:@.-])[A-Za-z][\w-]*\.[A-Za-z][\w-]*(?![\w/@-])/;
const CJK = /[\u3400-\u9fff]/;
/** Where every word is the console's own (headings and columns may show Chinese data, e.g. a project's name). */
const CONSOLE_WORDS = ["title", "breadcrumb", "menu", "tab", "column"];

// The router's navigate, so one mounted console goes from page to page as an operator would.
let navigate: NavigateFunction | undefined;
function NavigateProbe() {
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  return null;
}

const texts = (selector: string) =>
  [...document.querySelectorAll(selector)].map((e) => (e.textContent ?? "").trim()).filter(Boolean);

/** What the console itself names on the page now: [where, text]. */
function shownNames(): [string, string][] {
  const read = (where: string, selector: string) => texts(selector).map((text): [string, string] => [where, text]);
  return [
    ["title", document.title],
    ...read("heading", "h1, h2, h3, h4, h5, .ant-page-header-heading-title, .ant-card-head-title, .ant-result-title"),
    ...read("breadcrumb", ".ant-breadcrumb li"),
    ...read("menu", ".ant-menu-title-content"),
    ...read("tab", ".ant-tabs-tab-btn"),
    ...read("column", "th.ant-table-cell"),
  ];
}

let api: TestApi;
beforeAll(async () => {
  // version.json is the deployed build's static file, not an answer of the server app.
  api = await startTestApi([mock.get("*/version.json", () => HttpResponse.json({ version: "0.1.0" }))]);
  await signIn(api);
});
afterAll(async () => {
  cleanup();
  resetStorage();
  await setLanguage("zh");
  await api.close();
});

async function checkIn(lang: Language, path: string, titleKey: string, found: string[]) {
  const t = i18n.getFixedT(lang);
  // The page's chunk registers its own words: read its title's translation once it is there.
  await waitFor(() => expect(document.title).toBe(`${t(titleKey)} - ${website.title}`), {
    timeout: 15_000,
    onTimeout: (e) => new Error(`${path} (${lang}): ${e.message.split("\n\n")[0]}`),
  });
  for (const [where, text] of shownNames()) {
    if (KEY_LIKE.test(text)) found.push(`${lang} ${path} ${where}: ${text}`);
    else if (lang === "en" && CONSOLE_WORDS.includes(where) && CJK.test(text)) found.push(`${lang} ${path} ${where}: ${text}`);
  }
}

// Read in English only: the parity test (providers/i18n) keeps both languages' keys the same, so a
// key missing in one is missing in both, and English is where Chinese left untranslated shows too.
// Switching the language in place re-renders the whole console: twice per page doubled the cost.
describe("every page, in en", () => {
  it("names itself, its menus and its breadcrumb in words, not i18n keys", async () => {
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <HttpBridge />
          <MemoryRouter initialEntries={["/workbench/index"]}>
            <AppRoutes />
            <NavigateProbe />
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>,
    );
    await waitFor(() => expect(navigate).toBeDefined());
    await act(() => setLanguage("en"));
    const found: string[] = [];
    for (const { path, titleKey } of PAGES) {
      // One tab at a time: a tag bar grown to fifty tabs would slow every later page down. The tags
      // are kept in session storage (reset() only reads them again): every tab but the home page's
      // is closed, as 关闭其他 on the home tab does.
      act(() => tagStore.closeOthers(website.firstPage.path));
      await act(async () => void navigate!(path));
      await checkIn("en", path, titleKey, found);
    }
    expect([...new Set(found)]).toEqual([]);
  }, 600_000);
});
