import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Alert, Button, Card, Empty, Space, Spin, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { http } from "../../../providers/http";
import { permissionCodes } from "../../../../domain/validation";
import { CategoryForm, type CategoryEdit } from "./CategoryForm";
import { appCategorySpec } from "../../../../domain/resources/applicationManagement/applicationList/spec";
import { useCategoryTree, type CategoryNode } from "./useCategoryTree";
import { treeTitles, treeWidth, useAsideWidth } from "../../../components/tree-width";

const codes = permissionCodes(appCategorySpec);
const ALL = "__all__";

const keysOf = (nodes: CategoryNode[]): string[] => nodes.flatMap((n) => [n.id, ...keysOf(n.children ?? [])]);

const toData = (nodes: CategoryNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.title, children: n.children?.length ? toData(n.children) : undefined }));

function find(nodes: CategoryNode[], id: string | undefined): CategoryNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The application categories beside the list: choosing one filters the list to it and everything
 * below it; categories are added, edited and deleted here (each behind its button, delete after
 * confirmation; the server refuses one that still holds sub-categories or applications, saying so).
 */
export function CategoryTree({ selected, onSelect }: { selected?: string; onSelect: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { tree, loading, error, refetch } = useCategoryTree();
  const [edit, setEdit] = useState<CategoryEdit>();
  // Everything open but what the operator closed: a category added later shows at once.
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const allKeys = [ALL, ...keysOf(tree)];
  const may = { add: usePermission(codes.create), edit: usePermission(codes.edit), remove: usePermission(codes.delete) };
  const current = find(tree, selected);
  useAsideWidth(treeWidth([...treeTitles(tree), t("applicationList.allCategories")]));

  const remove = (node: CategoryNode) =>
    modal.confirm({
      title: t("applicationList.deleteCategoryConfirm", { name: node.title }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await http.post(`${appCategorySpec.api}/delete`, undefined, { params: { id: node.id } });
        } catch {
          // Refused (sub-categories or applications remain): the request layer shows the server's reason.
          return;
        }
        message.success(t("messages.deleted"));
        onSelect(undefined);
        await refetch();
      },
    });

  const body = loading ? (
    <Spin />
  ) : error ? (
    <Alert type="error" showIcon message={t("applicationList.categoryLoadFailed")} action={<Button size="small" onClick={() => void refetch()}>{t("applicationList.retry")}</Button>} />
  ) : (
    <Tree
      blockNode
      expandedKeys={allKeys.filter((k) => !collapsed.has(k))}
      onExpand={(keys) => setCollapsed(new Set(allKeys.filter((k) => !keys.includes(k))))}
      selectedKeys={[selected ?? ALL]}
      treeData={[{ key: ALL, title: t("applicationList.allCategories"), children: toData(tree) }]}
      onSelect={(keys) => {
        const key = keys[0] === undefined ? undefined : String(keys[0]);
        onSelect(key === ALL ? undefined : key);
      }}
    />
  );

  return (
    <Card
      size="small"
      title={t("applicationList.categories")}
      extra={may.add && <Button size="small" type="link" icon={<PlusOutlined />} aria-label={t("applicationList.addCategory")} onClick={() => setEdit({ mode: "create", parentId: "0" })} />}
    >
      {body}
      {!loading && !error && tree.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />}
      {current && (
        <Space wrap size={0} style={{ marginTop: 8 }}>
          {may.add && <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setEdit({ mode: "create", parentId: current.id })}>{t("applicationList.addSubCategory")}</Button>}
          {may.edit && <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEdit({ mode: "edit", node: current })}>{t("applicationList.editCategory")}</Button>}
          {may.remove && <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => remove(current)}>{t("applicationList.deleteCategory")}</Button>}
        </Space>
      )}
      {edit && (
        <CategoryForm
          edit={edit}
          onClose={(saved) => {
            setEdit(undefined);
            if (!saved) return;
            message.success(t(edit.mode === "create" ? "messages.added" : "messages.updated"));
            void refetch();
          }}
        />
      )}
    </Card>
  );
}
