import { CloseOutlined, PlusOutlined, PushpinFilled } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Col, Empty, Row, Skeleton, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { MenuNode } from "../../../domain/contract";
import { useMenu } from "../../providers/auth/menu-store";
import { flatten } from "../../layout/menu-tree";
import { useMenuName } from "../../layout/menu-name";
import { MenuLink } from "../menu-page/MenuLink";
import { workbenchCalls, type Shortcut } from "./calls";
import { ShortcutPicker } from "./ShortcutPicker";

const KEY = ["workbench", "shortcuts"];

/**
 * 我的功能: the user's fixed (pinned first) and common shortcuts, kept on the server per user. A
 * shortcut opens its menu as the sidebar does; names follow the language through the menu tree.
 */
export function ShortcutsCard() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const menu = useMenu();
  const nameOf = useMenuName();
  const client = useQueryClient();
  const [picking, setPicking] = useState(false);
  const query = useQuery({ queryKey: KEY, queryFn: workbenchCalls.shortcuts });
  const nodes = useMemo(() => new Map(flatten(menu).map((n) => [n.id, n])), [menu]);
  const shortcuts = [...(query.data ?? [])].sort((a, b) => (b.type ?? 1) - (a.type ?? 1));

  const remove = (s: Shortcut, name: string) =>
    modal.confirm({
      title: t("workbench.removeConfirm", { name }),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        await workbenchCalls.remove([s.id]);
        message.success(t("workbench.removed"));
        await client.invalidateQueries({ queryKey: KEY });
      },
    });

  const tile = (s: Shortcut) => {
    const node: MenuNode | undefined = nodes.get(s.menuId);
    const name = node ? nameOf(node) : (s.name ?? "");
    const label = (
      <Card size="small" hoverable styles={{ body: { textAlign: "center", paddingInline: 28 } }}>
        {s.type === 2 && <PushpinFilled aria-label={t("workbench.fixed")} style={{ color: "#409EFF", marginInlineEnd: 6 }} />}
        {name}
      </Card>
    );
    return (
      <Col key={s.id} xs={12} md={8} xl={6}>
        <div style={{ position: "relative" }}>
          {node ? <MenuLink node={node}>{label}</MenuLink> : <Link to={s.path ?? "/"}>{label}</Link>}
          <Tooltip title={t("workbench.remove")}>
            <Button
              type="text"
              size="small"
              aria-label={`${t("workbench.remove")} ${name}`}
              icon={<CloseOutlined />}
              style={{ position: "absolute", top: 4, right: 4 }}
              onClick={() => remove(s, name)}
            />
          </Tooltip>
        </div>
      </Col>
    );
  };

  let body;
  if (query.isPending) body = <Skeleton active />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message={t("workbench.loadFailed")}
        action={<Button size="small" onClick={() => void query.refetch()}>{t("workbench.retry")}</Button>}
      />
    );
  else if (shortcuts.length === 0) body = <Empty description={t("workbench.noShortcuts")} />;
  else body = <Row gutter={[12, 12]}>{shortcuts.map(tile)}</Row>;

  return (
    <Card
      title={t("workbench.shortcuts")}
      extra={
        <Button type="link" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          {t("workbench.add")}
        </Button>
      }
    >
      {body}
      {picking && (
        <ShortcutPicker
          menu={menu}
          taken={new Set(shortcuts.map((s) => s.menuId))}
          onClose={(saved) => {
            setPicking(false);
            if (saved) void client.invalidateQueries({ queryKey: KEY });
          }}
        />
      )}
    </Card>
  );
}
