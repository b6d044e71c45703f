import { Tooltip } from "antd";
import type { ColumnType } from "antd/es/table";

/**
 * Column widths for tables that hold free text (user agents, reasons, menu lists).
 *
 * A table laid out at `max-content` lets one long value (a 400-character user agent) push the
 * columns after it out of sight. Bounded widths and a numeric scroll width keep every column
 * where it is: the long text is cut with an ellipsis and read whole in a tooltip, and a time
 * ("2024-01-31 23:59:59") always has room for all its characters.
 */
export const COLUMN_WIDTH = {
  /** A date and time at the default font, with the cell's padding. */
  time: 180,
  /** An account, an IP address, a name. */
  name: 140,
  /** A tag or a number. */
  narrow: 100,
  /** A sentence (a reason, a request URI). */
  text: 200,
  /** A user agent, a list of names. */
  long: 260,
} as const;

/** The text of a cell: nothing for null, and never markup (whatever a client sent shows as typed). */
const textOf = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/**
 * A column of free text at a fixed width: one line, cut with an ellipsis, the whole text in a
 * tooltip (antd's own title would show it a second time: `showTitle: false`).
 */
export function clippedText<T>(width: number = COLUMN_WIDTH.long): Pick<ColumnType<T>, "width" | "ellipsis" | "render"> {
  return {
    width,
    ellipsis: { showTitle: false },
    render: (value: unknown) => {
      const text = textOf(value);
      return text ? (
        <Tooltip title={text} placement="topLeft">
          <span>{text}</span>
        </Tooltip>
      ) : (
        ""
      );
    },
  };
}

/**
 * A time column, wide enough for the whole value. `keepInSight`: fixed at the right, so a table
 * wider than the page still shows it (only for the last columns: fixed columns must be adjacent).
 */
export function timeColumn<T>(keepInSight = false): Pick<ColumnType<T>, "width" | "fixed" | "render"> {
  return { width: COLUMN_WIDTH.time, ...(keepInSight ? { fixed: "right" as const } : {}), render: (value: unknown) => textOf(value) };
}

/** The table's scroll width: the sum of its columns' widths (and the checkbox column's). */
export function scrollWidth<T>(columns: ColumnType<T>[], selectable = false): number {
  const widths = columns.map((c) => (typeof c.width === "number" ? c.width : COLUMN_WIDTH.name));
  return widths.reduce((a, b) => a + b, selectable ? 32 : 0);
}
