import { useTranslation } from "react-i18next";
import { approvalColumns } from "../sample/columns";
import { SampleList } from "../sample/SampleList";

export default function ApprovePage() {
  const { t } = useTranslation();
  return <SampleList resource="dataAuthApprove" columns={approvalColumns(t)} search={[{ name: "projectName", kind: "like" }]} />;
}
