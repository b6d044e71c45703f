import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, App, Empty, Input, Modal, Spin, Tabs, Tag, Tree } from "antd";
import type { TreeDataNode } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../../../domain/contract";
import { usePreventDoubleClick } from "../../../components/layout-prevent-double-click";
import { menuText } from "../../../layout/menu-name";
import { currentLanguage } from "../../../providers/i18n";
import type { GrantBody, GrantKeys, GrantTree } from "../../../../domain/resources/system/role/contract";
import { filterNodes, grantedKeys, indexTree, leafState, toggleLeaves, toggleNode, type CheckNode } from "./grant-check";
import { topPlacement } from "./top-placement";
import { API } from "../../../../domain/contract/api";

type Kind = Exclude<keyof GrantTree, "topMenus">;
const KINDS: { kind: Kind; mode: "node" | "leaf" }[] = [
  { kind: "menu", mode: "node" },
  { kind: "dataScope", mode: "leaf" },
  { kind: "apiScope", mode: "leaf" },
];

const toCheckNodes = (nodes: TreeNode[] = []): CheckNode[] =>
  nodes.map((n) => ({
    key: n.id,
    // The server names menus and buttons in zh; the platform's own names follow the language (a
    // modal dialog: the language cannot change while it is open).
    title: menuText(n.title, currentLanguage()),
    disabled: (n as TreeNode & { disabled?: boolean }).disabled,
    children: n.children?.length ? toCheckNodes(n.children) : undefined,
  }));

const toTreeData = (nodes: CheckNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, disabled: n.disabled, children: n.children ? toTreeData(n.children) : undefined }));

interface CheckTreeProps {
  nodes: CheckNode[];
  mode: "node" | "leaf";
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  label: string;
  /** Where a menu is listed for the role's users (top-placement.ts), tagged beside its title. */
  placement?: Map<string, string[] | null>;
}

/** One of the three trees: a keyword filter, and boxes that follow the grant rules of grant-check.ts. */
function CheckTree({ nodes, mode, checked, onChange, label, placement }: CheckTreeProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const shown = useMemo(() => toTreeData(filterNodes(nodes, keyword)), [nodes, keyword]);
  const boxes = mode === "node" ? { checked: [...checked], halfChecked: [] } : leafState(index, checked);
  if (nodes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />;
  return (
    <>
      <Input.Search allowClear placeholder={t("role.filter")} aria-label={`${label} ${t("role.filter")}`} onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 8 }} />
      <div style={{ maxHeight: 420, overflow: "auto" }}>
        <Tree
          // A new keyword shows every match opened; without one, the first level is open.
          key={keyword.trim() || "all"}
          checkable
          checkStrictly
          selectable={false}
          aria-label={label}
          treeData={shown}
          defaultExpandAll={keyword.trim() !== ""}
          defaultExpandedKeys={nodes.map((n) => n.key)}
          checkedKeys={boxes}
          titleRender={(node) => {
            const at = placement?.get(String(node.key));
            if (at === undefined) return <>{node.title as string}</>;
            return (
              <>
                {node.title as string}{" "}
                <Tag bordered={false} color={at ? "blue" : "default"} style={{ marginInlineStart: 4 }}>
                  {at ? t("role.topMenuTag", { names: at.join(t("role.listSeparator")) }) : t("role.everyTopMenu")}
                </Tag>
              </>
            );
          }}
          onCheck={(_keys, info) => {
            const key = String(info.node.key);
            onChange(mode === "node" ? toggleNode(index, checked, key, info.checked) : toggleLeaves(index, checked, key, info.checked));
          }}
        />
      </div>
    </>
  );
}

interface Props {
  role: { id: string; roleName: string; tenantId?: string };
  onClose: () => void;
}

/**
 * 权限设置: the menus with their buttons, data scopes and API scopes the granter may give
 * (menu/grant-tree), checked as the role holds them now (menu/role-tree-keys), saved with
 * role/grant. Only what the granter may give is sent; the server keeps the rest as it was.
 */
export function GrantDialog({ role, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { blocked, guard } = usePreventDoubleClick();
  const trees = useCustom<GrantTree>({
    url: API.get("/blade-system/menu/grant-tree"),
    method: "get",
    config: { query: role.tenantId ? { tenantId: role.tenantId } : {} },
    queryOptions: { staleTime: 0, gcTime: 0 },
  });
  const keys = useCustom<GrantKeys>({
    url: API.get("/blade-system/menu/role-tree-keys"),
    method: "get",
    config: { query: { roleIds: role.id } },
    queryOptions: { staleTime: 0, gcTime: 0 },
  });
  const nodes = useMemo(() => {
    const data = trees.result?.data;
    return { menu: toCheckNodes(data?.menu), dataScope: toCheckNodes(data?.dataScope), apiScope: toCheckNodes(data?.apiScope) };
  }, [trees.result?.data]);
  const placement = useMemo(() => topPlacement(nodes.menu, trees.result?.data?.topMenus), [nodes.menu, trees.result?.data?.topMenus]);
  const [checked, setChecked] = useState<Record<Kind, Set<string>>>();
  const held = keys.result?.data;
  const fresh = !keys.query.isFetching;
  useEffect(() => {
    // Only from an answer fetched for this opening: a cached one may predate the last save.
    if (held && fresh && !checked) setChecked({ menu: new Set(held.menu ?? []), dataScope: new Set(held.dataScope ?? []), apiScope: new Set(held.apiScope ?? []) });
  }, [held, fresh, checked]);
  const { mutateAsync, mutation } = useCustomMutation();
  const loading = trees.query.isLoading || keys.query.isLoading || !checked;
  const failed = trees.query.isError || keys.query.isError;

  const save = guard(async () => {
    if (!checked) return;
    const sent = (kind: Kind, mode: "node" | "leaf") => grantedKeys(indexTree(nodes[kind]), checked[kind], mode);
    const body: GrantBody = { roleIds: [role.id], menuIds: sent("menu", "node"), dataScopeIds: sent("dataScope", "leaf"), apiScopeIds: sent("apiScope", "leaf") };
    try {
      await mutateAsync({ url: API.post("/blade-system/role/grant"), method: "post", values: body, successNotification: false });
    } catch {
      return; // the refusal is already shown (http layer)
    }
    message.success(t("role.saved"));
    onClose();
  });

  return (
    <Modal
      open
      title={t("role.grantTitle", { name: role.roleName })}
      width={720}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ disabled: loading || failed || blocked, loading: mutation.isPending }}
      destroyOnHidden
    >
      <Spin spinning={loading && !failed}>
        {failed ? (
          // The http layer has shown why; saving is off until the trees are there.
          <Empty description={t("role.loadFailed")} />
        ) : (
          <Tabs
            items={KINDS.map(({ kind, mode }) => ({
              key: kind,
              label: t(`role.tabs.${kind}`),
              children: checked ? (
                <>
                  {kind === "menu" && placement.size > 0 && <Alert type="info" showIcon message={t("role.topMenuRule")} style={{ marginBottom: 8 }} />}
                  <CheckTree
                  nodes={nodes[kind]}
                  mode={mode}
                  label={t(`role.tabs.${kind}`)}
                  checked={checked[kind]}
                  onChange={(next) => setChecked((c) => c && { ...c, [kind]: next })}
                  placement={kind === "menu" ? placement : undefined}
                />
                </>
              ) : (
                <div style={{ minHeight: 120 }} />
              ),
            }))}
          />
        )}
      </Spin>
    </Modal>
  );
}
