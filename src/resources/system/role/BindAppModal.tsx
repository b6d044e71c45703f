import { useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Modal, Select, Spin } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RoleGroupVO } from "../../../../domain/resources/system/role/group-contract";
import { bindApps, listApps } from "./role-group-api";

interface Props {
  group: RoleGroupVO;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 绑定应用: the group's applications become those chosen from the tenant's enabled applications
 * (searchable by name). An application disabled since it was bound stays listed, marked, so that
 * it can be taken out; the server refuses to add a disabled one.
 */
export function BindAppModal({ group, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const apps = useQuery({ queryKey: ["roleGroup", "apps"], queryFn: listApps, staleTime: 0, retry: false, refetchOnWindowFocus: false });
  const [selected, setSelected] = useState<string[]>(() => group.apps.map((a) => a.appId));
  const [saving, setSaving] = useState(false);

  const options = useMemo(() => {
    const enabled = (apps.data ?? []).filter((a) => a.status === 1).map((a) => ({ value: a.id, label: a.appName }));
    const known = new Set(enabled.map((o) => o.value));
    // Bound applications the list does not offer (disabled since): shown so that they can be removed.
    const bound = group.apps
      .filter((a) => !known.has(a.appId))
      .map((a) => ({ value: a.appId, label: `${a.appName}（${t("role.group.appDisabled")}）` }));
    return [...enabled, ...bound];
  }, [apps.data, group.apps, t]);

  const save = async () => {
    setSaving(true);
    try {
      await bindApps(group.id, selected);
    } catch {
      return; // the refusal is already shown (http layer)
    } finally {
      setSaving(false);
    }
    message.success(t("role.group.saved"));
    onSaved();
    onClose();
  };

  return (
    <Modal
      open
      title={t("role.group.bindAppsTitle", { name: group.groupName })}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: apps.isLoading || apps.isError }}
      destroyOnHidden
    >
      {apps.isError ? (
        <Alert
          type="error"
          showIcon
          message={t("role.group.appsLoadFailed")}
          action={
            <Button size="small" onClick={() => void apps.refetch()}>
              {t("role.group.retry")}
            </Button>
          }
        />
      ) : (
        <Spin spinning={apps.isLoading}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: "100%" }}
            aria-label={t("role.group.bindApps")}
            placeholder={t("role.group.searchApps")}
            options={options}
            value={selected}
            onChange={setSelected}
            notFoundContent={apps.isLoading ? <Spin size="small" /> : t("common.empty")}
          />
        </Spin>
      )}
    </Modal>
  );
}
