import { App, Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResourceForm } from "../../../components/resource/ResourceForm";
import { isHttpError } from "../../../providers/http";
import type { RoleGroupVO } from "../../../../domain/resources/system/role/group-contract";
import { roleGroupSpec } from "../../../../domain/resources/system/role/group-spec";
import { submitGroup } from "./role-group-api";

interface Props {
  roleId: string;
  /** The group edited; a new one of the role when absent. */
  group?: RoleGroupVO;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Create or edit a role group: the spec's form (the rules the server applies), the server's
 * refusals (a name the role already has) beside their fields, and a warning before unsaved
 * changes are dropped.
 */
export function GroupFormModal({ roleId, group, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await submitGroup(group ? { ...values, id: group.id } : values);
    } catch (e) {
      // The refusal is already shown as a toast (http layer); field errors go beside their fields.
      if (isHttpError(e) && e.errors) form.setFields(Object.entries(e.errors).map(([name, errors]) => ({ name, errors })));
      return;
    } finally {
      setSaving(false);
    }
    message.success(t(group ? "messages.updated" : "messages.added"));
    onSaved();
    onClose();
  };

  const cancel = () => {
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({ title: t("warnWhenUnsavedChanges"), okText: t("common.ok"), cancelText: t("buttons.cancel"), onOk: onClose });
  };

  return (
    <ResourceForm
      spec={roleGroupSpec}
      mode={group ? "edit" : "create"}
      form={form}
      formProps={{
        onFinish: save,
        initialValues: group ? { groupName: group.groupName, sort: group.sort, remark: group.remark } : undefined,
      }}
      modalProps={{ open: true, onOk: () => form.submit(), onCancel: cancel, okButtonProps: { loading: saving } }}
      hidden={["roleId"]}
      extra={group ? {} : { roleId }}
      width={560}
    />
  );
}
