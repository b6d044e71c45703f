import { useDeleteMany, type BaseRecord } from "@refinedev/core";
import { App } from "antd";
import type { TableRowSelection } from "antd/es/table/interface";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { selectAtLeastOne, type ResourceSpec } from "../../../../domain/validation";
import { deletingText } from "../DeleteRowButton";
import { rowLabel } from "../wording";

/**
 * The chosen rows of an editable list and their bulk delete: §8's question naming what goes (the
 * names kept when the page they were chosen on is left), or §5's warning when none is chosen.
 */
export function useBulkDelete(spec: ResourceSpec, { meta, confirm, locked }: { meta?: Record<string, unknown>; confirm: string; locked?: (row: BaseRecord) => boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const chosenNames = useRef(new Map<string, string>());
  const { mutate: deleteMany } = useDeleteMany();

  const bulkDelete = () => {
    if (selectAtLeastOne(selected)) return void message.warning(t("messages.selectAtLeastOne"));
    modal.confirm({
      title: confirm,
      content: deletingText(t, selected.map((id) => chosenNames.current.get(id) ?? id)),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      okButtonProps: { danger: true },
      onOk: () =>
        new Promise<void>((resolve, reject) =>
          deleteMany(
            { resource: spec.name, meta, ids: selected, successNotification: { type: "success", message: t("messages.deleted") } },
            { onSuccess: () => { setSelected([]); resolve(); }, onError: () => reject() },
          ),
        ),
    });
  };

  const rowSelection: TableRowSelection<BaseRecord> = {
    selectedRowKeys: selected,
    onChange: (keys, rows) => {
      for (const row of rows) if (row) chosenNames.current.set(String(row.id), rowLabel(spec, row));
      setSelected(keys.map(String));
    },
    getCheckboxProps: (row) => ({ disabled: !!locked?.(row) }),
  };
  return { selected, setSelected, rowSelection, bulkDelete };
}
