import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "../domain/contract/api-paths";
import { resourceEndpoints } from "./providers/data/provider";
import { resources } from "./resources";

/**
 * The console names the Blade API's paths only through API.get/post/delete/base
 * (domain/contract/api.ts), whose argument the type check holds against the server's route table.
 * A path written as a bare string would not be checked: this scan of the console's code fails on
 * one. What cannot be typed (a spec's `api` base is a plain string) is checked here at run time.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const API_CALL = /^API\.(get|post|delete|base)$/;
const isApiPath = (text: string) => text.startsWith("/blade-") || text.startsWith("/authentication/");
const byMethod = API_ROUTES as Record<string, readonly string[]>;
const routed = Object.values(byMethod).flat();

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

interface Found {
  where: string;
  text: string;
}

/** Every string or template whose text starts as an API path, and every `${x.api}/…` join, of one file. */
function scan(file: string): { loose: Found[]; joins: (Found & { owner: string })[] } {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const where = (node: ts.Node) => `${relative(process.cwd(), file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const loose: Found[] = [];
  const joins: (Found & { owner: string })[] = [];
  const visit = (node: ts.Node) => {
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.head.text : undefined;
    // A literal type (`ApiTail<"POST", "/blade-user">`) is checked by the compiler, not sent.
    if (literal !== undefined && isApiPath(literal) && !ts.isLiteralTypeNode(node.parent)) {
      const call = node.parent;
      const typed = ts.isCallExpression(call) && call.arguments[0] === node && API_CALL.test(call.expression.getText(source));
      if (!typed) loose.push({ where: where(node), text: node.getText(source) });
    }
    // `${deptSpec.api}/syncDept`, `${roleCategorySpec.api}/remove?ids=${id}`: the spec's base and what follows up to the query.
    if (ts.isTemplateExpression(node) && node.head.text === "") {
      const [first] = node.templateSpans;
      if (ts.isPropertyAccessExpression(first.expression) && first.expression.name.text === "api" && first.literal.text.startsWith("/")) {
        const tail = first.literal.text.split("?")[0];
        if (tail.length > 1) joins.push({ where: where(node), text: tail, owner: first.expression.expression.getText(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { loose, joins };
}

const scanned = sources(SRC).map(scan);

/** The specs of the shared tier by their exported name (`deptSpec` → its `api`). */
const specApi = new Map(
  Object.values(import.meta.glob<Record<string, unknown>>(["../domain/resources/**/*.ts", "!**/*.test.ts"], { eager: true })).flatMap((mod) =>
    Object.entries(mod)
      .filter(([, v]) => !!v && typeof v === "object" && typeof (v as { api?: unknown }).api === "string")
      .map(([name, v]) => [name, (v as { api: string }).api] as const),
  ),
);

describe("the console's API paths", () => {
  it("are named through the typed table, never as a bare string", () => {
    const loose = scanned.flatMap((s) => s.loose).map((f) => `${f.where} ${f.text}`);
    expect(loose).toEqual([]);
  });

  it("the scan sees a bare path, and accepts one handed to API.*", () => {
    const probe = (code: string) => {
      const source = ts.createSourceFile("probe.ts", code, ts.ScriptTarget.Latest, true);
      let bare = 0;
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteral(node) && isApiPath(node.text)) {
          const call = node.parent;
          if (!(ts.isCallExpression(call) && API_CALL.test(call.expression.getText(source)))) bare++;
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return bare;
    };
    expect(probe(`http.get("/blade-user/info")`)).toBe(1);
    expect(probe(`const URL = "/authentication/app/list";`)).toBe(1);
    expect(probe(`http.get(API.get("/blade-user/info"))`)).toBe(0);
  });

  it("joined to a spec's base, name a routed path", () => {
    const joins = scanned.flatMap((s) => s.joins).filter((j) => specApi.has(j.owner));
    expect(joins.length).toBeGreaterThan(10);
    const unrouted = joins.filter((j) => !routed.includes(`${specApi.get(j.owner)}${j.text}`)).map((j) => `${j.where} ${j.owner}.api + ${j.text}`);
    expect(unrouted).toEqual([]);
  });

  it("of every registered resource: its base is routed, and a spec resource's list is a routed GET", () => {
    const specBases = new Set(specApi.values());
    const withApi = resources.filter((r) => typeof r.meta.api === "string");
    expect(withApi.length).toBeGreaterThan(20);
    const problems = withApi.flatMap((r) => {
      const api = r.meta.api as string;
      if (!routed.some((p) => p.startsWith(`${api}/`))) return [`${r.name}: no route under ${api}`];
      const list = resourceEndpoints(r.name, r.meta).list;
      return specBases.has(api) && !byMethod.GET.includes(list) ? [`${r.name}: GET ${list} is not routed`] : [];
    });
    expect(problems).toEqual([]);
  });
});
