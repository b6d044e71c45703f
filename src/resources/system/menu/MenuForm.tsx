import { useCustom } from "@refinedev/core";
import { Form, Select, TreeSelect } from "antd";
import { useTranslation } from "react-i18next";
import type { TreeNode } from "../../../../domain/contract";
import type { ResourceFormProps } from "../../../components/resource/ResourceForm";
import { useDict } from "../../../components/resource/useDict";
import { IconPicker } from "./IconPicker";
import { validateMenu } from "../../../../domain/resources/system/menu/menu-rules";
import { RuledForm } from "./RuledForm";
import { CATEGORY_BUTTON, CATEGORY_MENU, MENU_ROOT } from "../../../../domain/resources/system/menu/spec";
import { API } from "../../../../domain/contract/api";

interface Option {
  title: string;
  value: string;
  disabled?: boolean;
  children?: Option[];
}

/** Tree nodes as options; the edited menu and everything below it cannot be its own parent. */
const options = (nodes: TreeNode[], self?: string, inside = false): Option[] =>
  nodes.map((n) => {
    const mine = inside || n.id === self;
    return { title: n.title, value: n.id, disabled: mine || undefined, children: n.children?.length ? options(n.children, self, mine) : undefined };
  });

/**
 * The parent picker: the menus (never buttons) as a searchable tree, read afresh each time a form
 * opens so a menu added a moment ago is there. Empty means a top-level menu (parentId "0").
 */
function ParentSelect({ id, value, onChange, self }: { id?: string; value?: string; onChange?: (v: string) => void; self?: string }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<TreeNode[]>({ url: API.get("/blade-system/menu/tree"), method: "get", queryOptions: { staleTime: 0 } });
  const tree = Array.isArray(result?.data) ? result.data : [];
  return (
    <TreeSelect
      id={id}
      value={value && value !== MENU_ROOT ? value : undefined}
      onChange={(v?: string) => onChange?.(v ?? MENU_ROOT)}
      treeData={options(tree, self)}
      loading={query.isLoading}
      placeholder={t("menu.topLevel")}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      popupMatchSelectWidth={false}
      listHeight={360}
    />
  );
}

/** 按钮功能 (button_func 1–3); a menu's 0 shows as nothing chosen. */
function ButtonPosition({ id, value, onChange }: { id?: string; value?: number; onChange?: (v?: number) => void }) {
  const { options, loading } = useDict("button_func", { numeric: true });
  return <Select id={id} value={value || undefined} onChange={onChange} options={options} loading={loading} style={{ minWidth: 160 }} />;
}

/** Fields of menus only: a button opens nothing, is for no client of its own and is nobody's landing page. */
const MENU_ONLY = ["isOpen", "systemType", "isDefault"];

/**
 * The one form of menus and buttons (Saber's fields): a button has a parent menu and a position
 * (按钮功能); a menu has a path, may open in a new window, is for a client (系统类型) and may be
 * the page its holders land on (默认首页). The icon comes from the icon picker.
 */
export function MenuForm(props: ResourceFormProps & { title?: string }) {
  const { t } = useTranslation();
  const id = Form.useWatch("id", { form: props.form, preserve: true }) as string | undefined;
  const self = props.mode === "edit" ? id : undefined;
  const isButton = (values: Record<string, unknown>) => Number(values.category) === CATEGORY_BUTTON;
  return (
    <RuledForm
      {...props}
      validate={(values, lang) => validateMenu(values, lang)}
      shown={(name, values) => (name === "action" ? isButton(values) : MENU_ONLY.includes(name) ? !isButton(values) : true)}
      help={{ isDefault: t("menu.defaultHelp") }}
      requiredFor={(name, values) =>
        name === "path" ? Number(values.category ?? CATEGORY_MENU) === CATEGORY_MENU : name === "parentId" || name === "action" ? isButton(values) : undefined
      }
      controls={{ parentId: <ParentSelect self={self} />, source: <IconPicker />, action: <ButtonPosition />, ...props.controls }}
    />
  );
}
