import { describe, expect, it } from "vitest";
import { chunkLabel, routeChunks, staticClosure, type Manifest } from "./manifest";

const manifest: Manifest = {
  "index.html": {
    file: "assets/index-a.js",
    src: "index.html",
    isEntry: true,
    imports: ["_react-b.js"],
    dynamicImports: ["src/pages/login/LoginPage.tsx", "src/RefineApp.tsx"],
    css: ["assets/index-a.css"],
  },
  "_react-b.js": { file: "assets/react-b.js", name: "react" },
  "_antd-c.js": { file: "assets/antd-c.js", name: "antd", imports: ["_react-b.js"] },
  "_form-d.js": { file: "assets/form-d.js", name: "form", imports: ["_antd-c.js", "index.html"] },
  "src/pages/login/LoginPage.tsx": {
    file: "assets/LoginPage-e.js",
    src: "src/pages/login/LoginPage.tsx",
    isDynamicEntry: true,
    imports: ["_form-d.js", "_antd-c.js"],
  },
  "src/RefineApp.tsx": {
    file: "assets/RefineApp-f.js",
    src: "src/RefineApp.tsx",
    isDynamicEntry: true,
    imports: ["_antd-c.js"],
    dynamicImports: ["src/resources/system/user/UserList.tsx"],
  },
  "src/resources/system/user/UserList.tsx": {
    file: "assets/UserList-g.js",
    src: "src/resources/system/user/UserList.tsx",
    isDynamicEntry: true,
    imports: ["_form-d.js"],
  },
  "src/ide/ScriptEditor.tsx": { file: "assets/ScriptEditor-h.js", isDynamicEntry: true, imports: ["_monaco-i.js"] },
  "_monaco-i.js": { file: "assets/monaco-i.js", name: "monaco" },
};

describe("staticClosure", () => {
  it("follows static imports only, once each, through cycles", () => {
    expect(staticClosure(manifest, ["src/pages/login/LoginPage.tsx"]).sort()).toEqual(
      ["_antd-c.js", "_form-d.js", "_react-b.js", "index.html", "src/pages/login/LoginPage.tsx"].sort(),
    );
  });

  it("ignores keys the manifest lacks", () => {
    expect(staticClosure(manifest, ["nope.tsx"])).toEqual([]);
  });
});

describe("routeChunks", () => {
  it("loads the entry, the lazy page and their static imports, deduplicated", () => {
    const login = routeChunks(manifest, "index.html", ["src/pages/login/LoginPage.tsx"]);
    expect(login.files[0]).toBe("assets/index-a.js");
    expect([...login.files].sort()).toEqual(
      ["assets/antd-c.js", "assets/form-d.js", "assets/index-a.js", "assets/LoginPage-e.js", "assets/react-b.js"].sort(),
    );
    expect(login.missing).toEqual([]);
  });

  it("does not follow dynamic imports and reports lazy modules that are no chunk", () => {
    const user = routeChunks(manifest, "index.html", [
      "src/RefineApp.tsx",
      "src/layout/AppLayout.tsx",
      "src/resources/system/user/UserList.tsx",
    ]);
    expect(user.files).not.toContain("assets/LoginPage-e.js");
    expect(user.files).not.toContain("assets/monaco-i.js");
    expect(user.files).toContain("assets/UserList-g.js");
    expect(user.missing).toEqual(["src/layout/AppLayout.tsx"]);
  });

  it("fails clearly without the entry", () => {
    expect(() => routeChunks({}, "index.html", [])).toThrow(/no entry index.html/);
  });
});

describe("chunkLabel", () => {
  it("names a file by its source or chunk name", () => {
    expect(chunkLabel(manifest, "assets/UserList-g.js")).toBe("src/resources/system/user/UserList.tsx");
    expect(chunkLabel(manifest, "assets/antd-c.js")).toBe("antd");
    expect(chunkLabel(manifest, "assets/other.js")).toBe("assets/other.js");
  });
});
