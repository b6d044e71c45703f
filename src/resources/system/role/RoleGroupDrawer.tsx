import { PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Drawer, Empty, Result, Space, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { BindAppModal } from "./BindAppModal";
import type { GroupApp, RoleGroupVO } from "../../../../domain/resources/system/role/group-contract";
import { GroupFormModal } from "./GroupFormModal";
import { PermissionGroupModal } from "./PermissionGroupModal";
import { listGroups } from "./role-group-api";
import { RoleGroupCard } from "./RoleGroupCard";

interface Props {
  role: { id: string; roleName: string };
  onClose: () => void;
}

/** What is open over the drawer: the group form, the application picker, or one application's permission groups. */
type Dialog =
  | { kind: "form"; group?: RoleGroupVO }
  | { kind: "apps"; group: RoleGroupVO }
  | { kind: "permissions"; group: RoleGroupVO; app: GroupApp };

/**
 * 角色组 of a role (§6 "Role groups bind to applications"): its groups as cards, each with its
 * applications and, per application, the application roles (permission groups) it holds.
 */
export function RoleGroupDrawer({ role, onClose }: Props) {
  const { t } = useTranslation();
  const canAdd = usePermission("role_group_add");
  const groups = useQuery({ queryKey: ["roleGroup", "groups", role.id], queryFn: () => listGroups(role.id), staleTime: 0, retry: false });
  const [dialog, setDialog] = useState<Dialog>();
  const reload = () => groups.refetch();
  const close = () => setDialog(undefined);

  const content = () => {
    if (groups.isError) {
      return (
        <Result
          status="error"
          title={t("role.group.loadFailed")}
          extra={
            <Button onClick={() => void reload()} loading={groups.isFetching}>
              {t("role.group.retry")}
            </Button>
          }
        />
      );
    }
    if (groups.isLoading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
    if (!groups.data?.length) return <Empty description={t("common.empty")} />;
    return (
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        {groups.data.map((g) => (
          <RoleGroupCard
            key={g.id}
            group={g}
            onEdit={() => setDialog({ kind: "form", group: g })}
            onBindApps={() => setDialog({ kind: "apps", group: g })}
            onPermissionGroups={(app) => setDialog({ kind: "permissions", group: g, app })}
            onChanged={reload}
          />
        ))}
      </Space>
    );
  };

  return (
    <Drawer
      open
      width={820}
      title={t("role.group.title", { name: role.roleName })}
      onClose={onClose}
      destroyOnHidden
      extra={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: "form" })}>
            {t("role.group.add")}
          </Button>
        )
      }
    >
      <Spin spinning={groups.isFetching && !groups.isLoading} delay={300}>
        {content()}
      </Spin>
      {dialog?.kind === "form" && <GroupFormModal roleId={role.id} group={dialog.group} onClose={close} onSaved={() => void reload()} />}
      {dialog?.kind === "apps" && <BindAppModal group={dialog.group} onClose={close} onSaved={() => void reload()} />}
      {dialog?.kind === "permissions" && <PermissionGroupModal group={dialog.group} app={dialog.app} onClose={close} onSaved={() => void reload()} />}
    </Drawer>
  );
}
