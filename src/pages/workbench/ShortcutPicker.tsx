import { App, Form, Modal, Radio, TreeSelect } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MenuNode } from "../../../domain/contract";
import { menuChildren } from "../../layout/menu-tree";
import { useMenuName } from "../../layout/menu-name";
import { workbenchCalls } from "./calls";

interface TreeOption {
  value: string;
  title: string;
  selectable: boolean;
  disabled?: boolean;
  children?: TreeOption[];
}

interface Props {
  /** The caller's menu tree: only menus it holds can be picked. */
  menu: MenuNode[];
  /** Menus that are shortcuts already. */
  taken: Set<string>;
  onClose: (saved: boolean) => void;
}

/** Picks pages of the user's own menu and adds them as common or fixed shortcuts. */
export function ShortcutPicker({ menu, taken, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const nameOf = useMenuName();
  const [form] = Form.useForm<{ menuIds: string[]; type: number }>();
  const [saving, setSaving] = useState(false);

  const options = useMemo(() => {
    const toOption = (n: MenuNode): TreeOption => {
      const children = menuChildren(n);
      const leaf = children.length === 0 && !!n.path;
      return {
        value: n.id,
        title: nameOf(n),
        selectable: leaf,
        disabled: !leaf || taken.has(n.id),
        children: children.length ? children.map(toOption) : undefined,
      };
    };
    return menu.filter((n) => n.category !== 2).map(toOption);
  }, [menu, nameOf, taken]);

  const save = async () => {
    const { menuIds, type } = await form.validateFields();
    setSaving(true);
    try {
      await workbenchCalls.save(menuIds, type);
      message.success(t("workbench.saved"));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("workbench.pickTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ type: 1, menuIds: [] }}>
        <Form.Item name="menuIds" label={t("workbench.pickMenus")} rules={[{ required: true, message: t("workbench.pickMenusRequired") }]}>
          <TreeSelect
            multiple
            treeData={options}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            placeholder={t("workbench.pickMenusRequired")}
            style={{ width: "100%" }}
          />
        </Form.Item>
        <Form.Item name="type" label={t("workbench.pickType")}>
          <Radio.Group
            options={[
              { value: 1, label: t("workbench.common") },
              { value: 2, label: t("workbench.fixed") },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
