import { List } from "@refinedev/antd";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { SampleTable, type SampleTableProps } from "./SampleTable";
import "./i18n";

/** A page of one read-only sample list (§1): the sample notice, search and paging. */
export function SampleList(props: SampleTableProps) {
  const { t } = useTranslation();
  return (
    <List breadcrumb={false} canCreate={false}>
      <Alert type="info" showIcon message={t("sample.notice")} style={{ marginBottom: 12 }} />
      <SampleTable {...props} />
    </List>
  );
}
