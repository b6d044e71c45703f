import { paramSpec } from "../../../domain/resources/system/param/spec";
import { param } from "../../db/schema";
import { crudModule, fieldErrors } from "../../kit/crud";
import { settingError } from "../../security/params";

/** /blade-system/param: the common routes; a retired key (the lockout's, now the password policy's) is refused. */
export const paramModule = crudModule(paramSpec, () => ({
  table: param,
  missing: "参数不存在",
  beforeWrite: async (_scope, values, existing) => {
    const key = String(values.paramKey ?? existing?.paramKey ?? "");
    const message = settingError(key);
    if (message) fieldErrors([{ field: "paramKey", message }]);
  },
}));
