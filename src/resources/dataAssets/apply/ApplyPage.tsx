import { useTranslation } from "react-i18next";
import { viewRecordColumns } from "../sample/columns";
import { SampleList } from "../sample/SampleList";

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
