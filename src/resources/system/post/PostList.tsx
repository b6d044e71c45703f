import { ResourceList } from "../../../components/resource/ResourceList";
import { postSpec } from "../../../../domain/resources/system/post/spec";

export default function PostList() {
  return <ResourceList spec={postSpec} />;
}
