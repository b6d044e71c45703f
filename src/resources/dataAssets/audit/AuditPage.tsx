import { useTranslation } from "react-i18next";
import { projectColumns } from "../shared/columns";
import { SampleList } from "../shared/SampleList";

export default function AuditPage() {
  const { t } = useTranslation();
  return <SampleList resource="dataAuditIndex" meta={{ endpoints: { list: "table" } }} columns={projectColumns(t)} />;
}
