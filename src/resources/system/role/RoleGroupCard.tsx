import { AppstoreAddOutlined, DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { App, Button, Card, Descriptions, Popconfirm, Space, Switch, Table, Tag, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import type { GroupApp, RoleGroupVO } from "../../../../domain/resources/system/role/group-contract";
import { enableGroup, removeGroup } from "./role-group-api";

interface Props {
  group: RoleGroupVO;
  onEdit: () => void;
  onBindApps: () => void;
  onPermissionGroups: (app: GroupApp) => void;
  /** After a change on the server: reload the groups. */
  onChanged: () => Promise<unknown>;
}

/** One role group: enable/disable and delete after confirmation, edit, and its applications with their permission groups. */
export function RoleGroupCard({ group, onEdit, onBindApps, onPermissionGroups, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = usePermission("role_group_edit");
  const canDelete = usePermission("role_group_delete");
  const [busy, setBusy] = useState(false);
  const enabled = group.status === 1;

  /** Runs a change; a refusal is already shown by the http layer. */
  const change = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      message.success(done);
      await onChanged();
    } catch {
      // shown by the http layer
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnType<GroupApp>[] = [
    {
      title: t("role.group.appName"),
      dataIndex: "appName",
      render: (name: string, app) => (
        <Space size={4}>
          <span>{name}</span>
          {app.status === 0 && <Tag>{t("role.group.appDisabled")}</Tag>}
        </Space>
      ),
    },
    { title: t("role.group.appCode"), dataIndex: "appCode", ellipsis: true },
    {
      title: t("role.group.permissionGroups"),
      key: "appRoles",
      render: (_: unknown, app) => (
        <Space size={[0, 4]} wrap>
          {app.appRoles.map((r) => (
            <Tag color="blue" key={r.id}>
              {r.roleName}
            </Tag>
          ))}
          {canEdit && (
            <Button type="link" size="small" onClick={() => onPermissionGroups(app)} aria-label={`${t("role.group.permissionGroups")} ${app.appName}`}>
              {t("role.group.permissionGroups")}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const statusControl = canEdit ? (
    <Popconfirm
      title={enabled ? t("role.group.disableConfirm") : t("role.group.enableConfirm")}
      okText={t("common.ok")}
      cancelText={t("buttons.cancel")}
      onConfirm={() => change(() => enableGroup(group.id, enabled ? 0 : 1), t("role.group.saved"))}
    >
      <Switch
        checked={enabled}
        loading={busy}
        checkedChildren={t("role.group.enabled")}
        unCheckedChildren={t("role.group.disabled")}
        aria-label={`${t("role.group.status")} ${group.groupName}`}
      />
    </Popconfirm>
  ) : (
    <Tag color={enabled ? "green" : "default"}>{t(enabled ? "role.group.enabled" : "role.group.disabled")}</Tag>
  );

  return (
    <Card
      size="small"
      // The name is user text: rendered as text, never as HTML.
      title={<Typography.Text strong>{group.groupName}</Typography.Text>}
      aria-label={group.groupName}
      role="region"
      extra={
        <Space>
          {statusControl}
          {canEdit && (
            <Button size="small" icon={<EditOutlined />} onClick={onEdit}>
              {t("buttons.edit")}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t("messages.confirmDelete")}
              okText={t("buttons.delete")}
              okButtonProps={{ danger: true }}
              cancelText={t("buttons.cancel")}
              onConfirm={() => change(() => removeGroup(group.id), t("messages.deleted"))}
            >
              <Button size="small" danger icon={<DeleteOutlined />}>
                {t("buttons.delete")}
              </Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: "sort", label: t("role.group.sort"), children: group.sort },
          { key: "remark", label: t("role.group.remark"), children: group.remark || "-" },
        ]}
      />
      <Space style={{ margin: "8px 0", width: "100%", justifyContent: "space-between" }}>
        <Typography.Text type="secondary">{t("role.group.apps")}</Typography.Text>
        {canEdit && (
          <Button size="small" icon={<AppstoreAddOutlined />} onClick={onBindApps}>
            {t("role.group.bindApps")}
          </Button>
        )}
      </Space>
      <Table<GroupApp>
        rowKey="appId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={group.apps}
        locale={{ emptyText: t("role.group.noApps") }}
      />
    </Card>
  );
}
