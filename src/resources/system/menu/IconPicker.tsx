import { AppstoreOutlined } from "@ant-design/icons";
import { Button, Empty, Input, Modal, Segmented, Space, Spin, Typography } from "antd";
import { useMemo, useState, type UIEvent } from "react";
import { useTranslation } from "react-i18next";
import { ICON_THEMES, useIcons, type IconSet, type IconTheme } from "./icons";

const COLUMNS = 6;
const ROW_HEIGHT = 76;
const VIEW_HEIGHT = 380;
/** Rows drawn above and below the visible ones, so a fast scroll shows no gap. */
const OVERSCAN = 2;

interface GridProps {
  icons: IconSet;
  names: string[];
  selected?: string;
  onPick: (name: string) => void;
}

/**
 * The icons as a grid that draws only the rows in view: a few dozen buttons whatever the size of
 * the set (Ant Design has several hundred per theme).
 */
function IconGrid({ icons, names, selected, onPick }: GridProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const rows = Math.ceil(names.length / COLUMNS);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const onScroll = (e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop);
  return (
    <div role="listbox" aria-label="icons" onScroll={onScroll} style={{ height: VIEW_HEIGHT, overflowY: "auto", position: "relative" }}>
      <div style={{ height: rows * ROW_HEIGHT, position: "relative" }}>
        {names.slice(first * COLUMNS, last * COLUMNS).map((name, i) => {
          const index = first * COLUMNS + i;
          const Icon = icons[name];
          return (
            <button
              key={name}
              type="button"
              role="option"
              aria-selected={name === selected}
              aria-label={name}
              title={name}
              onClick={() => onPick(name)}
              style={{
                position: "absolute",
                top: Math.floor(index / COLUMNS) * ROW_HEIGHT,
                left: `${((index % COLUMNS) * 100) / COLUMNS}%`,
                width: `${100 / COLUMNS}%`,
                height: ROW_HEIGHT - 4,
                display: "flex",
                flexDirection: "column",
                alignItems: "center",
                justifyContent: "center",
                gap: 6,
                border: name === selected ? "1px solid #409EFF" : "1px solid transparent",
                borderRadius: 4,
                background: "transparent",
                cursor: "pointer",
              }}
            >
              <Icon style={{ fontSize: 22 }} />
              <span style={{ fontSize: 11, maxWidth: "100%", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                {name.replace(/(Outlined|Filled|TwoTone)$/, "")}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

interface PickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/**
 * The icon field of the menu forms: the name as text (a BladeX iconfont class may be typed), the
 * icon beside it, and a dialog to pick one of the Ant Design icons by theme and name.
 */
export function IconPicker({ id, value, onChange, disabled }: PickerProps) {
  const { t } = useTranslation();
  const icons = useIcons();
  const [open, setOpen] = useState(false);
  const [theme, setTheme] = useState<IconTheme>("Outlined");
  const [query, setQuery] = useState("");
  const names = useMemo(() => {
    const q = query.trim().toLowerCase();
    return Object.keys(icons ?? {})
      .filter((n) => n.endsWith(theme) && (!q || n.toLowerCase().includes(q)))
      .sort();
  }, [icons, theme, query]);
  const Current = value ? icons?.[value] : undefined;

  return (
    <>
      <Space.Compact style={{ width: "100%" }}>
        <Input
          id={id}
          value={value}
          disabled={disabled}
          allowClear
          maxLength={255}
          onChange={(e) => onChange?.(e.target.value)}
          prefix={Current ? <Current /> : <AppstoreOutlined style={{ color: "#bbb" }} />}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          {t("menu.icon.choose")}
        </Button>
      </Space.Compact>
      <Modal open={open} title={t("menu.icon.choose")} width={680} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <div style={{ display: "flex", gap: 12, marginBottom: 12, flexWrap: "wrap" }}>
          <Segmented<IconTheme>
            value={theme}
            onChange={setTheme}
            options={ICON_THEMES.map((th) => ({ value: th, label: t(`menu.icon.themes.${th}`) }))}
          />
          <Input.Search
            allowClear
            autoFocus
            placeholder={t("menu.icon.search")}
            aria-label={t("menu.icon.search")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
        </div>
        {!icons ? (
          <Spin tip={t("menu.icon.loading")}>
            <div style={{ height: VIEW_HEIGHT }} />
          </Spin>
        ) : names.length === 0 ? (
          <Empty description={t("menu.icon.none")} style={{ height: VIEW_HEIGHT }} />
        ) : (
          <>
            <IconGrid
              key={`${theme} ${query}`}
              icons={icons}
              names={names}
              selected={value}
              onPick={(name) => {
                onChange?.(name);
                setOpen(false);
              }}
            />
            <Typography.Text type="secondary" style={{ display: "block", marginTop: 8 }}>
              {t("menu.icon.count", { count: names.length })}
            </Typography.Text>
          </>
        )}
      </Modal>
    </>
  );
}
