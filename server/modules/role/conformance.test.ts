import { describe } from "vitest";
import { roleCategorySpec, roleSpec } from "../../../domain/resources/system/role/spec";
import { describeConformance } from "../../test/conformance";

describe("role", () =>
  describeConformance({ spec: roleSpec, valid: (n) => ({ roleName: `角色${n}`, roleAlias: `r${n}`, sort: n }), change: { field: "roleName", value: "新名称" } }));

describe("roleCategory", () =>
  describeConformance({
    spec: roleCategorySpec,
    valid: (n) => ({ categoryName: `分类${n}`, sort: n }),
    change: { field: "categoryName", value: "新分类" },
  }));
