import { useCustom, useCustomMutation, type BaseRecord } from "@refinedev/core";
import { App, Modal, Spin, Tree } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";

type Node = TreeNode & { disabled?: boolean; children?: Node[] };

interface Option {
  key: string;
  title: string;
  disabled?: boolean;
  children?: Option[];
}

const toOptions = (nodes: Node[]): Option[] =>
  nodes.map((n) => ({ key: n.id, title: n.title, disabled: n.disabled, children: n.children?.length ? toOptions(n.children) : undefined }));

/**
 * The leaves a saved setting covers: a saved menu holds everything below it, and a linked tree
 * derives its parents' checks from their leaves.
 */
function coveredLeaves(nodes: Option[], saved: Set<string>, inside = false): string[] {
  return nodes.flatMap((n) => {
    const covered = inside || saved.has(n.key);
    if (n.children?.length) return coveredLeaves(n.children, saved, covered);
    return covered ? [n.key] : [];
  });
}

/**
 * 菜单配置 of a top menu: which side menus it shows, as a checkable tree of the menus the caller
 * may hand out (grant-top-tree), starting from what it shows now (top-tree-keys). Saved with
 * topmenu/grant; the top menu's users see the change at their next load.
 */
export function TopMenuGrant({ top, onClose }: { top: BaseRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = String(top.id);
  const tree = useCustom<{ menu: Node[] }>({ url: API.get("/blade-system/menu/grant-top-tree"), method: "get", queryOptions: { staleTime: 0 } });
  const keys = useCustom<{ menu: string[] }>({ url: API.get("/blade-system/menu/top-tree-keys"), method: "get", config: { query: { topMenuIds: id } }, queryOptions: { staleTime: 0 } });
  const options = toOptions(tree.result?.data?.menu ?? []);
  const [checked, setChecked] = useState<string[]>();
  const { mutateAsync, mutation } = useCustomMutation();

  // Start from the leaves the saved menus cover; the tree checks their parents itself.
  const saved = keys.result?.data?.menu;
  const ready = !tree.query.isLoading && saved !== undefined;
  useEffect(() => {
    if (ready && checked === undefined) setChecked(coveredLeaves(options, new Set(saved)));
  }, [ready, checked, options, saved]);

  const save = async () => {
    // Fully checked parents go too (a top menu holds a menu with all below it), half-checked ones do not.
    await mutateAsync({
      url: API.post("/blade-system/topmenu/grant"),
      method: "post",
      values: { topMenuIds: [id], menuIds: checked ?? [] },
      successNotification: false,
    });
    message.success(t("menu.topGrantDone"));
    onClose();
  };

  return (
    <Modal
      open
      title={t("menu.topGrantTitle", { name: top.name })}
      width={560}
      okText={t("buttons.save")}
      onOk={save}
      okButtonProps={{ loading: mutation.isPending, disabled: !ready }}
      onCancel={onClose}
      destroyOnHidden
    >
      {!ready || checked === undefined ? (
        <Spin>
          <div style={{ height: 200 }} />
        </Spin>
      ) : (
        <Tree
          checkable
          // A click on a name checks it, as on its box.
          selectable={false}
          defaultExpandAll
          height={440}
          treeData={options}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      )}
    </Modal>
  );
}
