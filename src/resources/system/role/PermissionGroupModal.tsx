import { useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Checkbox, Empty, Modal, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { GroupApp, RoleGroupVO } from "../../../../domain/resources/system/role/group-contract";
import { bindPermissionGroups, listPermissionGroups } from "./role-group-api";

interface Props {
  group: RoleGroupVO;
  app: GroupApp;
  onClose: () => void;
  onSaved: () => void;
}

/** 权限组: which of the application's roles the group holds (listPermissionGroupByApp, saved with bingGroup). */
export function PermissionGroupModal({ group, app, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useQuery({
    queryKey: ["roleGroup", "permissionGroups", group.id, app.appId],
    queryFn: () => listPermissionGroups(app.appId, group.id),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  // What the operator ticked; until then what the group holds. A background refetch never undoes a tick.
  const [picked, setPicked] = useState<string[]>();
  const checked = picked ?? (roles.data ?? []).filter((r) => r.checked).map((r) => r.id);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await bindPermissionGroups(group.id, app.appId, checked);
    } catch {
      return; // the refusal is already shown (http layer)
    } finally {
      setSaving(false);
    }
    message.success(t("role.group.saved"));
    onSaved();
    onClose();
  };

  const body = () => {
    if (roles.isError) {
      return (
        <Alert
          type="error"
          showIcon
          message={t("role.group.permissionsLoadFailed")}
          action={
            <Button size="small" onClick={() => void roles.refetch()}>
              {t("role.group.retry")}
            </Button>
          }
        />
      );
    }
    if (roles.isLoading) return <Spin />;
    if (!roles.data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />;
    return (
      <Checkbox.Group
        aria-label={t("role.group.permissionGroups")}
        style={{ display: "flex", flexDirection: "column", gap: 8 }}
        options={roles.data.map((r) => ({ value: r.id, label: r.roleName }))}
        value={checked}
        onChange={(values) => setPicked(values.map(String))}
      />
    );
  };

  return (
    <Modal
      open
      title={t("role.group.permissionGroupsTitle", { app: app.appName })}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: !roles.data }}
      destroyOnHidden
    >
      {body()}
    </Modal>
  );
}
