import { AppstoreOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthAvatar } from "../../../components/AuthAvatar";
import { ResourceList } from "../../../components/resource/ResourceList";
import { CategorySelect } from "./CategorySelect";
import { CategoryTree } from "./CategoryTree";
import { IconInput } from "../../../components/upload/IconInput";
import { AttachmentInput } from "../../../components/upload/AttachmentInput";
import { AttachmentLink } from "../../../components/upload/AttachmentLink";
import { StatusSwitch } from "./StatusSwitch";
import { appSpec } from "../../../../domain/resources/applicationManagement/applicationList/spec";
import "./i18n";

/**
 * Applications → 应用列表: the category tree beside the kit's list (a category shows everything
 * filed under it and below), one form for create and edit with a category picker, an icon upload
 * and an attachment (the generic upload), the attachment as a download in its row, an enable
 * switch per row, and a delete whose confirmation says what goes with it.
 */
export default function ApplicationList() {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<string>();
  return (
    <ResourceList
      spec={appSpec}
      aside={<CategoryTree selected={categoryId} onSelect={setCategoryId} />}
      filters={categoryId ? [{ field: "categoryId", operator: "eq", value: categoryId }] : []}
      form={{ controls: { categoryId: <CategorySelect />, icon: <IconInput fallback={<AppstoreOutlined />} />, attachment: <AttachmentInput /> } }}
      confirmDelete={t("applicationList.deleteConfirm")}
      actionsWidth={160}
      extraColumns={[
        {
          key: "icon",
          title: t("applicationList.fields.icon"),
          width: 72,
          render: (_: unknown, row: BaseRecord) => <AuthAvatar shape="square" size="small" src={(row.icon as string) || undefined} icon={<AppstoreOutlined />} />,
        },
        {
          key: "categoryName",
          title: t("applicationList.category"),
          dataIndex: "categoryName",
          render: (v: unknown) => (v ? String(v) : <Typography.Text type="secondary">{t("applicationList.noCategory")}</Typography.Text>),
        },
        {
          key: "attachment",
          title: t("applicationList.fields.attachment"),
          render: (_: unknown, row: BaseRecord) => <AttachmentLink url={row.attachment as string} name={row.attachmentName as string} />,
        },
        { key: "status", title: t("applicationList.fields.status"), width: 110, render: (_: unknown, row: BaseRecord) => <StatusSwitch row={row} /> },
      ]}
    />
  );
}
