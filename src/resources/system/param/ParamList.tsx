import { ResourceList } from "../../../components/resource/ResourceList";
import { paramSpec } from "./spec";

export default function ParamList() {
  return <ResourceList spec={paramSpec} />;
}
