import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./i18n";

/**
 * The one spacing between bordered buttons of a group (a list's toolbar, its search form's
 * 查询/重置): antd's `small`. Link buttons of a table row use ROW_ACTION_GAP instead: their own
 * padding is their spacing (7 px a side), so the labels stand as far apart as the toolbar's buttons.
 */
export const BUTTON_GAP = 8;
export const ROW_ACTION_GAP = 0;

// A flex gap, not antd's Space: Space puts one gap per React child, so two buttons behind one
// permission check (<CanAccess>) touched. The gap applies to the buttons themselves, however wrapped.
const toolbarStyle: CSSProperties = { display: "flex", flexWrap: "wrap", alignItems: "center", gap: BUTTON_GAP, marginBottom: 12 };
const rowStyle: CSSProperties = { display: "inline-flex", flexWrap: "nowrap", alignItems: "center", gap: ROW_ACTION_GAP };

/**
 * A list's actions (create, batch, import/export …) in one place on every list: a row of its own,
 * left-aligned, under the search form and directly above the table.
 */
export function ListToolbar({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="toolbar" aria-label={t("kit.toolbar")} style={toolbarStyle}>
      {children}
    </div>
  );
}

/** A table row's actions (link buttons), spaced the same way in every list. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <div data-row-actions="" style={rowStyle}>
      {children}
    </div>
  );
}
