import { ResourceList } from "../../../components/resource/ResourceList";
import { paramSpec } from "../../../../domain/resources/system/param/spec";

export default function ParamList() {
  return <ResourceList spec={paramSpec} />;
}
