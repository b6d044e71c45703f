import { resourceDescriptor } from "../../../components/resource/descriptor";
import { dictSpec } from "./spec";

/** System → System dictionaries (/system/dict). */
export const dictResource = resourceDescriptor(dictSpec, () => import("./DictList"));
