import { DeleteOutlined, EditOutlined, FileAddOutlined } from "@ant-design/icons";
import { Button, List, Popconfirm, Space, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import type { ScriptSummary } from "./api";

export interface ScriptSidebarProps {
  scripts: ScriptSummary[] | null;
  activeId?: string;
  onOpen(id: string): void;
  onNew(): void;
  onRename(s: ScriptSummary): void;
  onRemove(s: ScriptSummary): void;
}

/** The caller's own scripts: open, new, rename, delete (with a confirmation). */
export function ScriptSidebar({ scripts, activeId, onOpen, onNew, onRename, onRemove }: ScriptSidebarProps) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      header={
        <Space style={{ width: "100%", justifyContent: "space-between" }}>
          <strong>{t("ide.scripts")}</strong>
          <Button size="small" icon={<FileAddOutlined />} onClick={onNew}>{t("ide.newScript")}</Button>
        </Space>
      }
      loading={scripts === null}
      dataSource={scripts ?? []}
      locale={{ emptyText: t("ide.noScripts") }}
      renderItem={(s) => (
        <List.Item
          style={{ cursor: "pointer", background: s.id === activeId ? "rgba(64,158,255,0.12)" : undefined, paddingInline: 8 }}
          onClick={() => onOpen(s.id)}
          actions={[
            <Tooltip key="r" title={t("ide.rename")}>
              <Button size="small" type="text" aria-label={`${t("ide.rename")} ${s.name}`} icon={<EditOutlined />} onClick={(e) => { e.stopPropagation(); onRename(s); }} />
            </Tooltip>,
            <Popconfirm key="d" title={t("ide.removeConfirm", { name: s.name })} onConfirm={(e) => { e?.stopPropagation(); onRemove(s); }} onCancel={(e) => e?.stopPropagation()}>
              <Button size="small" type="text" danger aria-label={`${t("ide.remove")} ${s.name}`} icon={<DeleteOutlined />} onClick={(e) => e.stopPropagation()} />
            </Popconfirm>,
          ]}
        >
          <Space size={4}>
            <Tag>{s.language}</Tag>
            <span>{s.name}</span>
          </Space>
        </List.Item>
      )}
    />
  );
}
