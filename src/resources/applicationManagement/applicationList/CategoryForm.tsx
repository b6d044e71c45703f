import { Form, Input, InputNumber, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isHttpError, http } from "../../../providers/http";
import { useLanguage } from "../../../providers/i18n";
import { fieldRules, toFormRules } from "../../../../domain/validation";
import { CategorySelect } from "./CategorySelect";
import { appCategorySpec } from "../../../../domain/resources/applicationManagement/applicationList/spec";
import type { CategoryNode } from "./useCategoryTree";
import { SubmitOnEnter } from "../../../components/SubmitOnEnter";

export type CategoryEdit = { mode: "create"; parentId: string } | { mode: "edit"; node: CategoryNode };

const F = appCategorySpec.fields;

/**
 * Create or edit one category (insert / update), with the spec's rules on every field and the
 * server's field errors beside their fields; the dialog stays open when a save is refused.
 */
export function CategoryForm({ edit, onClose }: { edit: CategoryEdit; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const rules = (name: keyof typeof F) => toFormRules(fieldRules(F[name], lang), lang);
  const label = (name: keyof typeof F) => t(`appCategory.fields.${name}`);
  const initial =
    edit.mode === "create"
      ? { parentId: edit.parentId, sort: 1 }
      : { parentId: edit.node.parentId || "0", categoryName: edit.node.categoryName, sort: edit.node.sort, remark: edit.node.remark ?? "" };

  const save = async (values: Record<string, unknown>) => {
    if (saving) return;
    setSaving(true);
    try {
      if (edit.mode === "create") await http.post(`${appCategorySpec.api}/insert`, values);
      else await http.post(`${appCategorySpec.api}/update`, { ...values, id: edit.node.id });
      onClose(true);
    } catch (error) {
      if (isHttpError(error) && error.errors) form.setFields(Object.entries(error.errors).map(([name, errors]) => ({ name, errors })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(edit.mode === "create" ? "applicationList.addCategory" : "applicationList.editCategory")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="app-category" initialValues={initial} onFinish={save}>
        <Form.Item name="parentId" label={label("parentId")} rules={rules("parentId")}>
          <CategorySelect exclude={edit.mode === "edit" ? edit.node.id : undefined} />
        </Form.Item>
        <Form.Item name="categoryName" label={label("categoryName")} rules={rules("categoryName")}>
          <Input maxLength={F.categoryName.max} />
        </Form.Item>
        <Form.Item name="sort" label={label("sort")} rules={rules("sort")}>
          <InputNumber min={F.sort.min} max={F.sort.maxValue} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="remark" label={label("remark")} rules={rules("remark")}>
          <Input.TextArea maxLength={F.remark.max} showCount rows={3} />
        </Form.Item>
        <SubmitOnEnter />
      </Form>
    </Modal>
  );
}
