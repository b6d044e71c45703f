import { resourceDescriptor } from "../../../components/resource/descriptor";
import { dictSpec } from "../../../../domain/resources/system/dict/spec";

/** System → System dictionaries (/system/dict). */
export const dictResource = resourceDescriptor(dictSpec, () => import("./DictList"));
