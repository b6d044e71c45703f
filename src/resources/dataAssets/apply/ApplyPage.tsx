import { useTranslation } from "react-i18next";
import { viewRecordColumns } from "../shared/columns";
import { SampleList } from "../shared/SampleList";

export default function ApplyPage() {
  const { t } = useTranslation();
  return (
    <SampleList
      resource="dataAuthApply"
      meta={{ endpoints: { list: "list" } }}
      columns={viewRecordColumns(t)}
      search={[{ name: "tableName", kind: "like" }, { name: "viewer", kind: "like" }]}
    />
  );
}
