import { useEffect, useState, type ComponentType, type CSSProperties } from "react";

export type IconSet = Record<string, ComponentType<{ style?: CSSProperties }>>;
export const ICON_THEMES = ["Outlined", "Filled", "TwoTone"] as const;
export type IconTheme = (typeof ICON_THEMES)[number];

let loading: Promise<IconSet> | undefined;
let loaded: IconSet | undefined;

/**
 * Every Ant Design icon by name (`UserOutlined` …). The whole set is several hundred components,
 * so it is a chunk of its own, fetched the first time this page needs it and never by other pages.
 */
export function loadIcons(): Promise<IconSet> {
  // The icons barrel, not the package's index: every page imports its few icons from the index,
  // and asking for the index's whole namespace would ship every icon with every page.
  loading ??= import("@ant-design/icons/es/icons").then((mod) => {
    const set: IconSet = {};
    for (const [name, value] of Object.entries(mod)) {
      if (ICON_THEMES.some((theme) => name.endsWith(theme)) && value) set[name] = value as IconSet[string];
    }
    loaded = set;
    return set;
  });
  return loading;
}

/** The icon set once loaded (undefined until then; loading starts on first use). */
export function useIcons(): IconSet | undefined {
  const [icons, setIcons] = useState(loaded);
  useEffect(() => {
    if (icons) return;
    let live = true;
    void loadIcons().then((set) => live && setIcons(set));
    return () => {
      live = false;
    };
  }, [icons]);
  return icons;
}

/** A menu's icon: the Ant Design icon it names, or its name (a BladeX iconfont class) as text. */
export function IconOf({ name }: { name?: string | null }) {
  const icons = useIcons();
  if (!name) return null;
  const Icon = icons?.[name];
  return Icon ? <Icon /> : <span>{name}</span>;
}
