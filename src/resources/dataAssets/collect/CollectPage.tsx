import { useTranslation } from "react-i18next";
import { SAMPLE_PROVIDER } from "../../../providers/sample-rest";
import { projectColumns } from "../shared/columns";
import { SampleList } from "../shared/SampleList";

export default function CollectPage() {
  const { t } = useTranslation();
  return (
    <SampleList
      resource="projects"
      dataProviderName={SAMPLE_PROVIDER}
      columns={projectColumns(t)}
      permanent={[{ field: "isCollect", operator: "eq", value: "1" }]}
      search={[{ name: "projectName", kind: "like" }]}
    />
  );
}
