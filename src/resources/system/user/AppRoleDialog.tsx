import { Alert, Empty, Modal, Spin, Tag, Tree, Typography } from "antd";
import type { DataNode } from "antd/es/tree";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { API } from "../../../../domain/contract/api";

/** BladeX's application-role calls (the console asks /authentication, not /blade-user, for a user's roles). */

interface AppWithRoles {
  id: string;
  appName: string;
  status: number;
  children: { id: string; roleName: string; roleCode: string }[];
}

const APP_KEY = "app:";

/**
 * 应用角色 of one user (button user_app_role): the tenant's applications with their roles as a
 * checkbox tree, the user's current roles checked; saving replaces them (addUserAppRole).
 */
export function AppRoleDialog({ userId, tenantId, name, onClose }: { userId: string; tenantId?: string; name: string; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const apps = useQuery({
    queryKey: ["user-app-role-tree", tenantId ?? ""],
    queryFn: async () => (await http.get<R<AppWithRoles[]>>(API.get("/authentication/bladeApplicationRole/appRoleTree"), { params: tenantId ? { tenantId } : undefined })).data ?? [],
  });
  const held = useQuery({
    queryKey: ["user-app-roles", userId],
    queryFn: async () => (await http.get<R<{ id: string }[]>>(API.get("/authentication/bladeApplicationRole/getAppRole"), { params: { userId } })).data ?? [],
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (held.data && checked === undefined) setChecked(held.data.map((r) => r.id));
  }, [held.data, checked]);

  const treeData: DataNode[] = (apps.data ?? []).map((a) => ({
    key: `${APP_KEY}${a.id}`,
    title: (
      <>
        {a.appName} {a.status !== 1 && <Tag>{t("user.appDisabled")}</Tag>}
      </>
    ),
    disableCheckbox: a.children.length === 0,
    children: a.children.map((r) => ({ key: r.id, title: `${r.roleName} (${r.roleCode})` })),
  }));

  const save = async () => {
    if (saving || checked === undefined) return;
    setSaving(true);
    try {
      await http.post(API.post("/blade-user/addUserAppRole"), { userId, roleIds: checked });
      onClose(true);
    } catch {
      // Shown by the request layer; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  const loading = apps.isLoading || held.isLoading;
  const failed = apps.isError || held.isError;
  return (
    <Modal
      open
      title={t("user.appRoleTitle", { name })}
      width={560}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ disabled: loading || failed }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("user.appRoleHelp")}</Typography.Paragraph>
      {loading ? (
        <Spin />
      ) : failed ? (
        <Alert type="error" showIcon message={t("user.appRoleLoadFailed")} />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("user.appRoleNone")} />
      ) : (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          treeData={treeData}
          checkedKeys={checked ?? []}
          // Only roles are saved: an application's box is a shortcut for all of its roles.
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => !k.startsWith(APP_KEY)))}
          aria-label={t("user.appRole")}
        />
      )}
    </Modal>
  );
}
