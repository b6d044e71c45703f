import { useCustom } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Empty, Input, Modal, Spin, Tree, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { appRoleSpec } from "../../../../domain/resources/applicationManagement/rolesManagement/spec";
import { appDirectorySpec } from "../../../../domain/resources/applicationManagement/resourceDirectory/spec";

interface DirectoryNode {
  id: string;
  directoryName: string;
  status: number;
  children?: DirectoryNode[];
}

interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}

/** The directories as tree items, keeping those whose name (or a descendant's) contains `text`. */
function toItems(nodes: DirectoryNode[], text: string, stopped: (name: string) => string): TreeItem[] {
  return nodes.flatMap((n) => {
    const children = toItems(n.children ?? [], text, stopped);
    const match = !text || n.directoryName.toLowerCase().includes(text.toLowerCase());
    if (!match && children.length === 0) return [];
    return [{ key: n.id, title: n.status === 1 ? n.directoryName : stopped(n.directoryName), ...(children.length ? { children } : {}) }];
  });
}

/**
 * 分配目录 (rolesManagement_directory) of one application role: the tenant's directory tree with
 * checkboxes, each directory checked on its own (a parent does not imply its children), filterable by
 * name; saving sends exactly the checked set (addAppDirectory), which replaces the role's directories.
 */
export function AssignDirectoryDialog({ role, onClose }: { role: { id: string; roleName: string }; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  // The tenant's directory forest (its list admits holders of this dialog's button), fetched afresh.
  const directories = useCustom<DirectoryNode[]>({ url: `${appDirectorySpec.api}/list`, method: "get", queryOptions: { staleTime: 0 } });
  const data = directories.result?.data;
  const held = useQuery({
    queryKey: ["app-role-directories", role.id],
    queryFn: async () => (await http.get<R<{ id: string }[]>>(`${appRoleSpec.api}/getAppDirectory`, { params: { roleId: role.id } })).data,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<string[]>();
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (held.data && checked === undefined) setChecked(held.data.map((d) => d.id));
  }, [held.data, checked]);
  const items = useMemo(() => toItems(Array.isArray(data) ? data : [], text.trim(), (name) => t("rolesManagement.directoryStopped", { name })), [data, text, t]);

  const save = async () => {
    if (saving || checked === undefined) return;
    setSaving(true);
    try {
      await http.post(`${appRoleSpec.api}/addAppDirectory`, { roleId: role.id, directoryIds: checked });
      onClose(true);
    } catch {
      // Shown by the request layer; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  const busy = directories.query.isLoading || held.isLoading;
  return (
    <Modal
      open
      title={t("rolesManagement.assignDirectoryTitle", { name: role.roleName })}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={saving}
      okButtonProps={{ disabled: checked === undefined }}
      onOk={save}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("rolesManagement.assignDirectoryHelp")}</Typography.Paragraph>
      <Input.Search allowClear placeholder={t("rolesManagement.filterDirectories")} aria-label={t("rolesManagement.filterDirectories")} onChange={(e) => setText(e.target.value)} style={{ marginBottom: 12 }} />
      {busy ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          selectable={false}
          treeData={items}
          checkedKeys={checked ?? []}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          style={{ maxHeight: 420, overflow: "auto" }}
        />
      )}
    </Modal>
  );
}
