import { ResourceList } from "../../../components/resource/ResourceList";
import { postSpec } from "./spec";

export default function PostList() {
  return <ResourceList spec={postSpec} />;
}
