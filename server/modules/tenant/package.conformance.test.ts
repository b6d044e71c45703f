import { and, eq, inArray } from "drizzle-orm";
import { beforeAll } from "vitest";
import { tenantPackageSpec } from "../../../domain/resources/system/tenantPackage/spec";
import { menu } from "../../db/schema";
import { describeConformance } from "../../test/conformance";
import { freshApp } from "../../test/fresh-app";

// Every fresh app is a copy of one template database: the menu ids read here are the battery's.
let menuIds = "";
beforeAll(async () => {
  const t = await freshApp({ oauth: false });
  const rows = await t.db.select({ id: menu.id }).from(menu).where(and(inArray(menu.code, ["workbench", "post", "post_add"]), eq(menu.isDeleted, 0)));
  menuIds = rows.map((r) => r.id).join(",");
  await t.close();
});

describeConformance({
  spec: tenantPackageSpec,
  platform: true,
  valid: (n) => ({ packageName: `套餐${n}`, menuId: menuIds, remark: "基础" }),
  change: { field: "packageName", value: "新套餐" },
});
