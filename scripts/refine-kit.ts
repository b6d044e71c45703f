/**
 * The pure part of `npm run refine -- add resource`: reading its arguments, reading the resources
 * the refine CLI declared, and the kit's three files of a resource (spec, descriptor, list page).
 * scripts/refine-add.ts runs the CLI and writes these files; tests call these functions directly.
 */
import ts from "typescript";

/** The CLI's actions and its default (`--actions`). */
export const CLI_ACTIONS = ["list", "create", "edit", "show"] as const;
export const DEFAULT_ACTIONS = CLI_ACTIONS.join(",");
/** Where resources go when `--path` is not given: the system module. */
export const DEFAULT_PATH = "src/resources/system";

/** A resource name is its refine name, folder, menu code and i18n namespace at once. */
const RESOURCE_NAME = /^[a-z][A-Za-z0-9]*$/;
/** `--path` names a module folder of the registry: `src/resources/<module>`. */
const MODULE_PATH = /^(?:\.\/)?src\/resources\/([a-z][a-z0-9]*)\/?$/;

export interface AddResourceArgs {
  names: string[];
  /** The module folder, e.g. `system` for src/resources/system. */
  module: string;
  actions: string[];
  help: boolean;
}

/** Parses the arguments after `add resource`, with the CLI's flags (-p/--path, -a/--actions). */
export function parseAddResource(argv: string[]): AddResourceArgs | { error: string } {
  const names: string[] = [];
  let path = DEFAULT_PATH;
  let actions = DEFAULT_ACTIONS;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const flag = /^(--path|-p|--actions|-a)(?:=(.*))?$/.exec(arg);
    if (arg === "-h" || arg === "--help") help = true;
    else if (flag) {
      const value = flag[2] ?? argv[++i];
      if (value === undefined || value === "") return { error: `${flag[1]} needs a value` };
      if (flag[1] === "--path" || flag[1] === "-p") path = value;
      else actions = value;
    } else if (arg.startsWith("-")) return { error: `unknown option ${arg}` };
    else names.push(arg);
  }
  const module = MODULE_PATH.exec(path.replace(/\\/g, "/"))?.[1];
  if (!module) return { error: `--path must be a module folder of the registry, src/resources/<module> (got ${path})` };
  const bad = names.find((n) => !RESOURCE_NAME.test(n));
  if (bad) return { error: `resource name "${bad}": use letters and digits, starting with a lower-case letter (camelCase), e.g. fooBar` };
  if (new Set(names).size !== names.length) return { error: "a resource is named twice" };
  const list = actions.split(",").map((a) => a.trim()).filter(Boolean);
  const unknown = list.find((a) => !(CLI_ACTIONS as readonly string[]).includes(a));
  if (unknown || list.length === 0) return { error: `--actions takes ${DEFAULT_ACTIONS} (got ${actions})` };
  return { names, module, actions: list, help };
}

export interface DeclaredResource {
  name: string;
  actions: string[];
}

/**
 * The resources the refine CLI added to `<Refine resources={[…]}>` of an App file: each object
 * literal's `name` and the actions it routes (`list`, `create`, `edit`, `show`).
 */
export function declaredResources(source: string): DeclaredResource[] {
  const file = ts.createSourceFile("App.tsx", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: DeclaredResource[] = [];
  const text = (e: ts.Expression | undefined) => (e && ts.isStringLiteralLike(e) ? e.text : undefined);
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && node.name.getText(file) === "resources" && node.initializer && ts.isJsxExpression(node.initializer)) {
      const array = node.initializer.expression;
      if (array && ts.isArrayLiteralExpression(array)) {
        for (const el of array.elements) {
          if (!ts.isObjectLiteralExpression(el)) continue;
          const props = new Map<string, string | undefined>();
          for (const p of el.properties) if (ts.isPropertyAssignment(p)) props.set(p.name.getText(file), text(p.initializer));
          const name = props.get("name");
          if (name) found.push({ name, actions: CLI_ACTIONS.filter((a) => props.has(a)) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

export const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** `fooBar` → `Foo bar`. */
export const words = (name: string) => pascal(name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase());

/** The menu buttons (domain/menus/entry.ts) that grant the actions' permission codes. */
export function menuButtons(actions: string[]): { button: string; code: string }[] {
  // The CLI has no delete action: whoever may edit may delete, as the seeded CRUD pages do.
  const wanted: [string, string, string][] = [["create", "add", "add"], ["edit", "edit", "edit"], ["edit", "remove", "delete"], ["show", "view", "view"]];
  return wanted.filter(([a]) => actions.includes(a)).map(([, button, code]) => ({ button, code }));
}

/** The spec's menu buttons as code: `CRUD` when every action is there. */
function buttonList(actions: string[]): { list: string; names: string[] } {
  const buttons = menuButtons(actions).map((b) => b.button);
  return buttons.length === 4 ? { list: "CRUD", names: ["CRUD"] } : { list: `[${buttons.join(", ")}]`, names: buttons };
}

/** The line of MENU_TREE (domain/menus/tree.ts) that lists the resource under its group. */
export function menuTreeLine(name: string): string {
  return `specEntry(${name}Spec),`;
}

export interface KitFile {
  /** Relative to the repository: the spec in the shared tier (domain/), the rest in src/. */
  file: string;
  text: string;
}

/**
 * The kit's files of one resource: its spec in the shared tier (`domain/resources/<module>/<name>/spec.ts`,
 * read by the server and the console), and in `src/resources/<module>/<name>/` the registry's
 * descriptor and the list page.
 */
export function kitFiles(name: string, module: string, actions: string[] = ["list", "create", "edit", "show"]): KitFile[] {
  const { list: buttons, names } = buttonList(actions);
  const Name = pascal(name);
  const title = words(name);
  const codes = [name, ...["add", "edit", "delete", "view"].map((c) => `${name}_${c}`)].join(", ");
  const spec = `import { ${["type SpecMenu", ...names].sort().join(", ")} } from "../../../menus/entry";
import { defineResource, field } from "../../../validation";

const menu: SpecMenu = { icon: "AppstoreOutlined", buttons: ${buttons} };

/**
 * ${title} (/${module}/${name}): generated by \`npm run refine -- add resource ${name}\`.
 * Edit the title, the fields and the API; permission codes derive from menuCode (${codes}).
 */
export const ${name}Spec = defineResource({
  name: "${name}",
  menuCode: "${name}",
  api: "/blade-${module}/${name}",
  path: "/${module}/${name}",
  title: { zh: "${title}", en: "${title}" },
  menu,
  fields: {
    name: field.text({ zh: "名称", en: "Name" }, 64, { required: true, format: "input", search: "like", sortable: true }),
    remark: field.remark(),
  },
});
`;
  const index = `import { resourceDescriptor } from "../../../components/resource/descriptor";
import { ${name}Spec } from "../../../../domain/resources/${module}/${name}/spec";

/** ${pascal(module)} → ${title} (/${module}/${name}). */
export const ${name}Resource = resourceDescriptor(${name}Spec, () => import("./${Name}List"));
`;
  const list = `import { ResourceList } from "../../../components/resource/ResourceList";
import { ${name}Spec } from "../../../../domain/resources/${module}/${name}/spec";

export default function ${Name}List() {
  return <ResourceList spec={${name}Spec} />;
}
`;
  return [
    { file: `domain/resources/${module}/${name}/spec.ts`, text: spec },
    { file: `src/resources/${module}/${name}/index.ts`, text: index },
    { file: `src/resources/${module}/${name}/${Name}List.tsx`, text: list },
  ];
}
