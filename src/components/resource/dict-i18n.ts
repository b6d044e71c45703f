import { addTranslations, i18n, type Language } from "../../providers/i18n";

// The platform's system dictionaries by code and key (server/db/seed/dicts.ts): zh is the server's
// own wording. An entry an operator has reworded on the server stays theirs in every language.
const DICTS: Record<string, Record<string, [zh: string, en: string]>> = {
  sex: { 1: ["男", "Male"], 2: ["女", "Female"], 3: ["未知", "Unknown"] },
  yes_no: { 1: ["否", "No"], 2: ["是", "Yes"] },
  status: { 1: ["启用", "Enabled"], 0: ["停用", "Disabled"] },
  org_category: { 1: ["公司", "Company"], 2: ["部门", "Department"], 3: ["小组", "Team"] },
  menu_category: { 1: ["菜单", "Menu"], 2: ["按钮", "Button"] },
  menu_system_type: { 1: ["控制台", "Web console"], 2: ["移动端", "Mobile"] },
  button_func: { 1: ["工具栏", "Toolbar"], 2: ["操作栏", "Row actions"], 3: ["工具操作栏", "Toolbar and row actions"] },
  post_category: { 1: ["高层", "Senior"], 2: ["中层", "Middle"], 3: ["基层", "Junior"], 4: ["其他", "Other"] },
  data_scope_type: {
    1: ["全部可见", "All"],
    2: ["本人可见", "Own only"],
    3: ["所在机构可见", "Own department"],
    4: ["所在机构及子级可见", "Own department and below"],
    5: ["自定义", "Custom"],
  },
  api_scope_type: { 1: ["系统接口", "System API"], 2: ["业务接口", "Business API"] },
  scope_category: { 1: ["数据权限", "Data scope"], 2: ["接口权限", "API scope"] },
  sms: { 1: ["云片", "Yunpian"], 2: ["七牛云", "Qiniu"], 3: ["阿里云", "Alibaba Cloud"], 4: ["腾讯云", "Tencent Cloud"] },
  id_type: {
    0: ["居民身份证", "Resident identity card"],
    1: ["港澳居民来往内地通行证", "Mainland travel permit for Hong Kong and Macao residents"],
    2: ["台湾居民来往大陆通行证", "Mainland travel permit for Taiwan residents"],
    3: ["护照", "Passport"],
    4: ["港澳台居民居住证", "Residence permit for Hong Kong, Macao and Taiwan residents"],
    5: ["外国人永久居留身份证", "Foreign permanent resident ID card"],
  },
};

const side = (i: 0 | 1) =>
  Object.fromEntries(Object.entries(DICTS).map(([code, entries]) => [code, Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v[i]]))]));
addTranslations("dictLabel", { zh: side(0), en: side(1) });

/** A dictionary entry's label in `lng`: the platform's entry translated, anything else as the server words it. */
export function dictLabel(code: string, key: unknown, text: string, lng: Language): string {
  const id = `dictLabel.${code}.${String(key)}`;
  if (!/^[\w]+$/.test(code) || !/^[\w-]+$/.test(String(key)) || !i18n.exists(id, { lng: "zh" })) return text;
  return i18n.t(id, { lng: "zh" }) === text ? i18n.t(id, { lng }) : text;
}
