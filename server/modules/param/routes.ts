import { paramSpec } from "../../../src/resources/system/param/spec";
import { param } from "../../db/schema";
import { crudModule, fieldErrors } from "../../kit/crud";
import { settingError } from "../../security/params";

/** /blade-system/param: the common routes; values of keys the server reads must be valid for it. */
export const paramModule = crudModule(paramSpec, () => ({
  table: param,
  missing: "参数不存在",
  beforeWrite: async (_scope, values, existing) => {
    const key = String(values.paramKey ?? existing?.paramKey ?? "");
    const value = String(values.paramValue ?? existing?.paramValue ?? "");
    const message = settingError(key, value);
    if (message) fieldErrors([{ field: "paramValue", message }]);
  },
}));
