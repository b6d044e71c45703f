import { DeleteOutlined } from "@ant-design/icons";
import { useDeleteButton, type BaseKey } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";

export interface DeleteRowButtonProps {
  resource: string;
  id: BaseKey | undefined;
  /** The row's name, said under the question so the operator sees what goes. */
  name: string;
  meta?: Record<string, unknown>;
  /** The question (§8: 确定将选择数据删除?). */
  confirmTitle: string;
  onSuccess?: () => void;
}

/**
 * refine's DeleteButton (its hook: permission gating, the delete, the list refresh) with a
 * confirmation that names the row; refine's own button takes only a string title.
 */
export function DeleteRowButton({ resource, id, name, meta, confirmTitle, onSuccess }: DeleteRowButtonProps) {
  const { t } = useTranslation();
  const del = useDeleteButton({ resource, id, meta, onSuccess, successNotification: { type: "success", message: t("messages.deleted") } });
  if (del.hidden) return null;
  return (
    <Popconfirm
      title={confirmTitle}
      description={t("kit.deleting.one", { name })}
      okText={del.confirmOkLabel}
      cancelText={del.cancelLabel}
      okType="danger"
      okButtonProps={{ disabled: del.loading }}
      onConfirm={del.onConfirm}
      disabled={del.disabled}
    >
      <Button size="small" type="link" danger loading={del.loading} icon={<DeleteOutlined />} title={del.title} disabled={del.disabled}>
        {del.label}
      </Button>
    </Popconfirm>
  );
}

/** The line under a bulk delete's question: one name, or the count and the first few names. */
export function deletingText(t: (key: string, options?: Record<string, unknown>) => string, names: string[], shown = 3): string {
  if (names.length === 1) return t("kit.deleting.one", { name: names[0] });
  const listed = names.slice(0, shown).join(t("kit.listSeparator"));
  return t("kit.deleting.many", { count: names.length, names: names.length > shown ? t("kit.deleting.more", { names: listed }) : listed });
}
