/**
 * The fields of a dictionary entry, shared by the system (blade_dict) and business
 * (blade_dict_biz) dictionaries: both specs describe the same entity (§3) with the §5 messages.
 */
import { field, type FieldSpec } from "./resource-spec";

/** The key of a code's root row (BladeX stores a dictionary's name as a row with parent 0 and key -1). */
export const DICT_ROOT_KEY = "-1";

export function dictFields() {
  return {
    parentId: field.id({ zh: "上级字典", en: "Parent" }, { requiredMessage: "dictParent", control: "treeSelect", column: false, filter: true }),
    code: field.text({ zh: "字典编号", en: "Code" }, 64, {
      required: true, requiredMessage: "dictCode", format: "code", search: "like", sortable: true,
    }),
    // Required of children only (§5); a root's key is always -1, whatever its form sends.
    dictKey: field.text({ zh: "字典键值", en: "Key" }, 64, { requiredMessage: "dictKey", format: "code", filter: true }),
    dictValue: field.text({ zh: "字典名称", en: "Name" }, 64, { required: true, requiredMessage: "dictName", search: "like", sortable: true }),
    sort: field.int({ zh: "字典排序", en: "Sort" }, { required: true, requiredMessage: "dictSort", maxValue: 99999, sortable: true, defaultValue: 1 }),
    // 0/1, not the yes_no dictionary (1/2): BladeX's is_sealed column.
    isSealed: field.int({ zh: "封存", en: "Sealed" }, {
      required: true, requiredMessage: "dictSealed", oneOf: [0, 1], maxValue: 1, defaultValue: 0, control: "radio", filter: true,
    }),
    remark: field.remark({ zh: "字典备注", en: "Remark" }),
  } satisfies Record<string, FieldSpec>;
}

export type DictFields = ReturnType<typeof dictFields>;

/**
 * The fields of each §5 form: a parent (root) needs code, name, sort and sealed, and has neither
 * parent nor key; a child also needs its key, its parent staying optional.
 */
export function dictFormFields(level: "parent" | "child"): Record<string, FieldSpec> {
  const { parentId, code, dictKey, ...rest } = dictFields();
  return level === "parent" ? { code, ...rest } : { parentId, code, dictKey: { ...dictKey, required: true }, ...rest };
}
