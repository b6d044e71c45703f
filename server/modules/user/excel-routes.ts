import { USER_BUTTON_CODES as B } from "../../../domain/resources/system/user/spec";
import type { AppContext } from "../../context";
import { readMultipart, readParams } from "../../http/body";
import { badRequest, ok } from "../../http/errors";
import { XLSX_FILE } from "../../http/route-doc";
import { can, type RouteSpec } from "../../security/authorize";
import { downloadHeaders, userTemplate } from "./excel-template";
import { exportUsers } from "./export";
import { importUsers, parseCovered, readUserSheet } from "./import";

/** Duck-typed: under jsdom (console tests through MSW) the parts are not instances of the global File. */
const isFile = (part: unknown): part is File =>
  typeof part === "object" && part !== null && typeof (part as File).arrayBuffer === "function" && typeof (part as File).name === "string";

/**
 * The users' spreadsheet: template, import (§7 `import`, BladeX `import-user`) and export, all as
 * authenticated calls (the downloads are blobs fetched with the token header, never a token in a URL).
 */
export function excelRoutes(ctx: AppContext): RouteSpec[] {
  const importHandler: RouteSpec["handler"] = async (c) => {
    if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw badRequest("请使用multipart/form-data上传文件");
    const form = await readMultipart(c);
    if (!isFile(form.file)) throw badRequest("请选择要导入的文件");
    const isCovered = parseCovered(form.isCovered ?? form.updateSupport);
    const rows = await readUserSheet(form.file);
    return ok(c, await importUsers(ctx, c.var.scope, rows, isCovered));
  };
  return [
    {
      method: "GET",
      path: "/export-template",
      access: can(B.import),
      doc: XLSX_FILE,
      handler: async (c) => {
        const bytes = await userTemplate(c.var.scope);
        return c.body(bytes, 200, downloadHeaders("user-template.xlsx", "用户导入模板.xlsx", bytes.length));
      },
    },
    { method: "POST", path: "/import", access: can(B.import), handler: importHandler },
    { method: "POST", path: "/import-user", access: can(B.import), handler: importHandler },
    {
      method: "GET",
      path: "/export-user",
      access: can(B.export),
      doc: XLSX_FILE,
      handler: async (c) => exportUsers(ctx, c.var.scope, await readParams(c)),
    },
  ];
}
