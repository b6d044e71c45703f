import { resourceDescriptor } from "../../../components/resource/descriptor";
import { paramSpec } from "../../../../domain/resources/system/param/spec";

/** System → Parameters (/system/param). */
export const paramResource = resourceDescriptor(paramSpec, () => import("./ParamList"));
