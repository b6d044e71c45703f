import { FolderOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AuthAvatar } from "../../../components/AuthAvatar";
import { AttachmentLink } from "../../../components/upload/AttachmentLink";
import { ResourceList } from "../../../components/resource/ResourceList";
import { appDirectorySpec } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";
import { DirectoryForm } from "./DirectoryForm";
import { DirectoryImportButton } from "./DirectoryImport";
import { DirectoryStatus } from "./DirectoryStatus";
import "./i18n";

/**
 * Applications → 资源目录: the tenant's directories as a tree table (list answers the whole forest,
 * a search keeps the matching ones), the applications each holds, its owner and a start/stop
 * switch, its attachment as a download; one form for create and edit; the Excel import; delete
 * refused while sub-directories remain.
 */
export default function DirectoryList() {
  const { t } = useTranslation();
  return (
    <ResourceList
      spec={appDirectorySpec}
      paged={false}
      form={{ Form: DirectoryForm }}
      confirmDelete={t("resourceDirectory.deleteConfirm")}
      toolbar={<DirectoryImportButton />}
      extraColumns={[
        {
          key: "icon",
          title: t("resourceDirectory.fields.icon"),
          width: 72,
          render: (_: unknown, row: BaseRecord) => <AuthAvatar shape="square" size="small" src={(row.icon as string) || undefined} icon={<FolderOutlined />} />,
        },
        {
          key: "apps",
          title: t("resourceDirectory.apps"),
          render: (_: unknown, row: BaseRecord) => {
            const apps = (row.apps as { id: string; appName: string; status: number }[] | undefined) ?? [];
            if (apps.length === 0) return <Typography.Text type="secondary">{t("resourceDirectory.noApps")}</Typography.Text>;
            return (
              <Space size={[0, 4]} wrap>
                {apps.map((a) => (
                  <Tag key={a.id} color={a.status === 1 ? "blue" : undefined}>
                    {a.status === 1 ? a.appName : t("resourceDirectory.appDisabled", { name: a.appName })}
                  </Tag>
                ))}
              </Space>
            );
          },
        },
        { key: "ownerName", title: t("resourceDirectory.owner"), dataIndex: "ownerName", width: 120 },
        {
          key: "attachment",
          title: t("resourceDirectory.fields.attachment"),
          render: (_: unknown, row: BaseRecord) => <AttachmentLink url={row.attachment as string} name={row.attachmentName as string} />,
        },
        { key: "status", title: t("resourceDirectory.fields.status"), width: 110, render: (_: unknown, row: BaseRecord) => <DirectoryStatus row={row} /> },
      ]}
    />
  );
}
