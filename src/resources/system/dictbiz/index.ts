import { resourceDescriptor } from "../../../components/resource/descriptor";
import { dictBizSpec } from "./spec";

/** System → Business dictionaries (/system/dictbiz). */
export const dictbizResource = resourceDescriptor(dictBizSpec, () => import("./DictBizList"));
