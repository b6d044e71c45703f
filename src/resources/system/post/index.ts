import { resourceDescriptor } from "../../../components/resource/descriptor";
import { postSpec } from "../../../../domain/resources/system/post/spec";

/** System → Posts (/system/post). */
export const postResource = resourceDescriptor(postSpec, () => import("./PostList"));
