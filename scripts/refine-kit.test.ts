import { describe, expect, it } from "vitest";
import { declaredResources, kitFiles, menuTreeLine, parseAddResource, words } from "./refine-kit";

describe("npm run refine -- add resource: arguments", () => {
  it("takes the CLI's defaults: the system module, every action", () => {
    expect(parseAddResource(["fooBar"])).toEqual({ names: ["fooBar"], module: "system", actions: ["list", "create", "edit", "show"], help: false });
  });

  it("reads the CLI's flags in both spellings", () => {
    expect(parseAddResource(["a", "b", "-p", "src/resources/desk", "--actions=list,show"])).toMatchObject({ names: ["a", "b"], module: "desk", actions: ["list", "show"] });
    expect(parseAddResource(["a", "--path=./src/resources/tool/", "-a", "list"])).toMatchObject({ module: "tool", actions: ["list"] });
  });

  it("refuses what the kit cannot name or place", () => {
    expect(parseAddResource(["Foo"])).toHaveProperty("error");
    expect(parseAddResource(["foo-bar"])).toHaveProperty("error");
    expect(parseAddResource(["foo", "--path", "src/pages"])).toHaveProperty("error");
    expect(parseAddResource(["foo", "--path", "src/resources/a/b"])).toHaveProperty("error");
    expect(parseAddResource(["foo", "--actions", "list,delete"])).toHaveProperty("error");
    expect(parseAddResource(["foo", "--path"])).toHaveProperty("error");
    expect(parseAddResource(["foo", "--force"])).toHaveProperty("error");
    expect(parseAddResource(["foo", "foo"])).toHaveProperty("error");
  });

  it("allows no name (the CLI then asks in a terminal)", () => {
    expect(parseAddResource([])).toMatchObject({ names: [] });
  });
});

describe("the resources the refine CLI declared", () => {
  it("reads the entries the CLI writes into <Refine resources>", () => {
    const app = `import { Refine } from "@refinedev/core";
export const App = () => <Refine resources={[{
  name: "fooBar",
  list: "/fooBar",
  create: "/fooBar/create"
}, {
  name: "baz",
  list: "/baz",
  show: "/baz/show/:id"
}]} />;`;
    expect(declaredResources(app)).toEqual([
      { name: "fooBar", actions: ["list", "create"] },
      { name: "baz", actions: ["list", "show"] },
    ]);
  });

  it("finds none in an App without a resources array", () => {
    expect(declaredResources("export const App = () => <Refine resources={resources} />;")).toEqual([]);
  });
});

describe("the kit's files of a generated resource", () => {
  it("writes the spec, the descriptor and the list page, named after the resource", () => {
    const files = kitFiles("fooBar", "desk");
    expect(files.map((f) => f.file)).toEqual(["domain/resources/desk/fooBar/spec.ts", "src/resources/desk/fooBar/index.ts", "src/resources/desk/fooBar/FooBarList.tsx"]);
    const [spec, index, list] = files.map((f) => f.text);
    expect(spec).toContain('export const fooBarSpec = defineResource({');
    expect(spec).toContain('menuCode: "fooBar"');
    expect(spec).toContain('api: "/blade-desk/fooBar"');
    expect(spec).toContain('path: "/desk/fooBar"');
    expect(spec).toMatch(/fields: \{\n\s+name: field\.text/);
    expect(index).toContain('import { fooBarSpec } from "../../../../domain/resources/desk/fooBar/spec";');
    expect(index).toContain('export const fooBarResource = resourceDescriptor(fooBarSpec, () => import("./FooBarList"));');
    expect(list).toContain("export default function FooBarList()");
    expect(list).toContain("<ResourceList spec={fooBarSpec} />");
  });

  it("gives the spec a menu entry whose buttons grant the chosen actions, and the line that lists it", () => {
    expect(kitFiles("fooBar", "system", ["list", "create", "edit", "show"])[0].text).toContain('const menu: SpecMenu = { icon: "AppstoreOutlined", buttons: CRUD };');
    expect(kitFiles("fooBar", "system", ["list"])[0].text).toContain("buttons: []");
    expect(kitFiles("fooBar", "system", ["list", "edit"])[0].text).toContain("buttons: [edit, remove]");
    expect(kitFiles("fooBar", "system", ["list", "edit"])[0].text).toContain('import { edit, remove, type SpecMenu } from "../../../menus/entry";');
    expect(menuTreeLine("fooBar")).toBe("specEntry(fooBarSpec),");
    expect(words("fooBar")).toBe("Foo bar");
  });

});
