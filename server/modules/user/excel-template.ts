import { USER_IMPORT_MAX_ROWS } from "../../../domain/resources/system/user/spec";
import type { TenantScope } from "../../security/tenant-scope";
import { dictLabels } from "../../kit/dict-labels";
import { columnsFor, headerText } from "./excel-columns";

import { XLSX_TYPE, loadExcel } from "../../kit/xlsx-guard";

export { XLSX_TYPE, loadExcel };

/** Headers of an authenticated download: the name as RFC 5987 (filenameFromDisposition reads it), never cached. */
export function downloadHeaders(asciiName: string, name: string, length?: number): Record<string, string> {
  return {
    "Content-Type": XLSX_TYPE,
    "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Cache-Control": "no-store",
    ...(length === undefined ? {} : { "Content-Length": String(length) }),
  };
}

async function notes(scope: TenantScope): Promise<string[]> {
  const sexes = [...(await dictLabels(scope, "sex")).values()].join("、");
  const types = [...(await dictLabels(scope, "user_type")).values()].join("、");
  const idTypes = [...(await dictLabels(scope, "id_type")).values()].join("、");
  return [
    "1. 第一行为表头，请勿修改；带 * 的列必须填写，空行会被跳过。",
    "2. 登录账号：2 到 45 个字符，只能是字母、数字和 _ . @ -；同一租户内不能重复。",
    "3. 用户姓名：只能是中文、字母、数字和下划线。手机号码：11 位手机号。",
    `4. 用户性别：${sexes}；用户平台：${types}；用户生日：YYYY-MM-DD。`,
    "5. 所属角色、所属部门、所属岗位填写名称，多个用逗号分隔；部门重名时请填写部门全称。",
    "6. 新用户的密码为参数管理中的初始密码（account.initPassword），首次登录后请修改。",
    "7. 已存在的账号：选择「覆盖已有用户」时按本行更新，否则该行报错。",
    `8. 每次最多导入 ${USER_IMPORT_MAX_ROWS} 行；某行有误时只跳过该行，导入结果中列出行号和原因。`,
    "9. 平台管理员可填写租户编号，留空为当前租户。",
    `10. 证件类型：${idTypes}；证件号码须与证件类型相符，同一租户内不能重复。`,
  ];
}

/** GET /export-template: the import template (a header row, and a sheet of instructions). */
export async function userTemplate(scope: TenantScope): Promise<Uint8Array<ArrayBuffer>> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("用户数据");
  sheet.columns = columnsFor(scope.crossTenant).map((c) => ({ header: headerText(c), key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  // Text cells, so that Excel keeps the leading zeros of codes and does not turn phones or ID numbers into 1.38E+10.
  for (const key of ["tenantId", "account", "code", "phone", "idNumber"]) {
    if (sheet.columns.some((c) => c.key === key)) sheet.getColumn(key).numFmt = "@";
  }
  const help = book.addWorksheet("填写说明");
  help.getColumn(1).width = 110;
  (await notes(scope)).forEach((line, i) => (help.getCell(i + 1, 1).value = line));
  return new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer);
}
