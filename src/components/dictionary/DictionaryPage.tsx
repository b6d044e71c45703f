import { SettingOutlined } from "@ant-design/icons";
import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Modal, TreeSelect } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { dictFormFields, type ResourceSpec } from "../../../domain/validation";
import { ListActions, ListFrame, ListSearch, ResourceTable } from "../resource/list/parts";
import { useResourceList } from "../resource/list/useResourceList";
import "./i18n";

type Entry = BaseRecord & { dictValue?: string; code?: string; isSealed?: number; children?: Entry[] };

const sealed = (row: BaseRecord) => Number(row.isSealed) === 1;
const PARENT_META = { endpoints: { list: "parent-list" } };

interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}
const options = (rows: Entry[]): TreeOption[] =>
  rows.map((r) => ({ title: String(r.dictValue ?? ""), value: String(r.id), children: r.children?.length ? options(r.children) : undefined }));

/** The entries of one dictionary code: a tree list (action column 300) in a dialog of its own. */
function EntriesDialog({ spec, parent, onClose }: { spec: ResourceSpec; parent: Entry; onClose: () => void }) {
  const { t } = useTranslation();
  const childSpec = useMemo(() => ({ ...spec, fields: dictFormFields("child") }), [spec]);
  const meta = { endpoints: { list: "child-list" }, params: { parentId: String(parent.id) } };
  const { result } = useList<Entry>({ resource: spec.name, meta, pagination: { mode: "off" } });
  const parentPicker = (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={t("dictionary.topLevel")}
      treeData={[{ title: String(parent.dictValue), value: String(parent.id), children: options(result?.data ?? []) }]}
      treeDefaultExpandAll
    />
  );
  // Inside a dialog: the page's URL keeps the codes' search and page, the entries come whole.
  const list = useResourceList(childSpec, {
    meta,
    syncWithLocation: false,
    paged: false,
    locked: sealed,
    form: { hidden: ["code"], extra: { parentId: String(parent.id), code: parent.code }, controls: { parentId: parentPicker } },
  });
  return (
    <Modal open width={1100} title={`${t(`${spec.name}.title`)} · ${parent.dictValue} (${parent.code})`} footer={null} onCancel={onClose} destroyOnHidden>
      <ListFrame list={list}>
        <ListSearch list={list} />
        <ListActions list={list} />
        <ResourceTable list={list} columns={[...list.columns, list.actionsColumn({ width: 300 })]} />
      </ListFrame>
      {list.forms.forms}
    </Modal>
  );
}

/**
 * 系统字典 and 业务字典 (§2): the parent list of dictionary codes (action column 250) and, per
 * code, the child tree list of its entries; forms 880 wide. Sealed entries cannot be edited or
 * deleted. One component for both variants: only the spec (and so the API) differs.
 */
export function DictionaryPage({ spec }: { spec: ResourceSpec }) {
  const { t } = useTranslation();
  const parentSpec = useMemo(() => ({ ...spec, fields: dictFormFields("parent") }), [spec]);
  const [open, setOpen] = useState<Entry>();
  const list = useResourceList(parentSpec, { meta: PARENT_META, locked: sealed });
  const entriesButton = (row: BaseRecord) => (
    <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setOpen(row)}>
      {t("dictionary.entries")}
    </Button>
  );
  return (
    <>
      <ListFrame list={list}>
        <ListSearch list={list} />
        <ListActions list={list} />
        <ResourceTable list={list} columns={[...list.columns, list.actionsColumn({ width: 250, extra: entriesButton })]} />
      </ListFrame>
      {list.forms.forms}
      {open && <EntriesDialog spec={spec} parent={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
