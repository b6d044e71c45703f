import { List } from "@refinedev/antd";
import { useResourceParams } from "@refinedev/core";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { SampleTable, type SampleTableProps } from "./SampleTable";
import "./i18n";

/** A page of one read-only sample list (§1): the sample notice, search and paging. */
export function SampleList(props: SampleTableProps) {
  const { t } = useTranslation();
  // The page's title is its resource's label key (descriptor.ts). Left to itself, refine's List
  // would humanise that key ("Asset collect.titles"), as its own `<name>.titles.list` key is not ours.
  const { resource } = useResourceParams();
  const label = resource?.meta?.label;
  return (
    <List breadcrumb={false} canCreate={false} title={label ? t(label) : undefined}>
      <Alert type="info" showIcon message={t("sample.notice")} style={{ marginBottom: 12 }} />
      <SampleTable {...props} />
    </List>
  );
}
