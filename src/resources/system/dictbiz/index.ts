import { resourceDescriptor } from "../../../components/resource/descriptor";
import { dictBizSpec } from "../../../../domain/resources/system/dictbiz/spec";

/** System → Business dictionaries (/system/dictbiz). */
export const dictbizResource = resourceDescriptor(dictBizSpec, () => import("./DictBizList"));
