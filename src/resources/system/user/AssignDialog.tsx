import { Form, Modal, TreeSelect } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyTreeSelect } from "../../../components/LazyTreeSelect";
import { useApiTree } from "../../../components/useApiTree";
import { DEPT_LOOKUP, useUserDeptNames } from "./dept-lookup";
import { useUserCalls } from "./actions";
import { toTreeData } from "./tree-options";
import { API } from "../../../../domain/contract/api";

export type AssignKind = "role" | "dept";

const KINDS = {
  role: { tree: API.get("/blade-system/role/tree"), path: "setRole", param: "roleIds", title: "user.setRoleTitle", choose: "user.chooseRole", label: "user.fields.roleId" },
  dept: { tree: null, path: "setDept", param: "deptIds", title: "user.setDeptTitle", choose: "user.chooseDept", label: "user.fields.deptId" },
} as const;

export interface AssignDialogProps {
  kind: AssignKind;
  /** The users whose roles (or departments) become exactly the ones chosen. */
  ids: string[];
  /** What one user holds now, to start from. */
  initial?: string[];
  onClose: (done: boolean) => void;
}

/** A multiple select over a tree small enough to load whole. */
function WholeTreeSelect({ url, placeholder, ...control }: { url: string; placeholder: string; value?: string[]; onChange?: (v: string[]) => void }) {
  const tree = useApiTree(url);
  return (
    <TreeSelect
      {...control}
      treeData={toTreeData(tree.tree)}
      loading={tree.loading}
      multiple
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={placeholder}
    />
  );
}

/** 角色配置 / 设置部门 for one or several users: a tree select, then setRole or setDept. */
export function AssignDialog({ kind, ids, initial = [], onClose }: AssignDialogProps) {
  const { t } = useTranslation();
  const k = KINDS[kind];
  const { call } = useUserCalls();
  const deptNames = useUserDeptNames(kind === "dept" && ids.length === 1 ? ids[0] : undefined);
  const [form] = Form.useForm<{ chosen: string[] }>();
  const [saving, setSaving] = useState(false);

  const save = async ({ chosen }: { chosen: string[] }) => {
    setSaving(true);
    try {
      await call(k.path, { ids: ids.join(","), [k.param]: chosen.join(",") }, t("messages.updated"));
      onClose(true);
    } catch {
      // Shown by the http layer; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(k.title)}
      width={520}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`user-${kind}`} initialValues={{ chosen: initial }} onFinish={save}>
        <Form.Item name="chosen" label={t(k.label)} rules={[{ required: true, type: "array", min: 1, message: t(k.choose) }]}>
          {/* Roles are few; departments may be 50,000, so they come a level at a time. */}
          {k.tree === null ? <LazyTreeSelect multiple {...DEPT_LOOKUP} initialLabels={deptNames} placeholder={t(k.choose)} /> : <WholeTreeSelect url={k.tree} placeholder={t(k.choose)} />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
