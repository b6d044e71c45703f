import { useTranslation } from "react-i18next";
import { SAMPLE_PROVIDER } from "../../../providers/sample-rest";
import { DB_TYPE_OPTIONS } from "../../../../domain/resources/dataAssets/sample/areas";
import { projectColumns } from "../shared/columns";
import { SampleList } from "../shared/SampleList";

export default function PolicyPage() {
  const { t } = useTranslation();
  return (
    <SampleList
      resource="projects"
      dataProviderName={SAMPLE_PROVIDER}
      columns={projectColumns(t)}
      search={[{ name: "projectName", kind: "like" }, { name: "dbType", kind: "equal", options: DB_TYPE_OPTIONS }]}
    />
  );
}
