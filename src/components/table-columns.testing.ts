/**
 * Test helpers for tables laid out with table-columns.tsx (never imported by app code). jsdom has
 * no layout, so a test reads what the browser would lay out from: the table's width and layout,
 * and each column's <col> width.
 */
import { within } from "@testing-library/react";
import { expect } from "vitest";

/** The <col> width ("180px") of the column headed `title` in the table holding `cell`. */
export function columnWidth(cell: HTMLElement, title: string | RegExp): string {
  const table = cell.closest("table") as HTMLTableElement;
  const root = table.closest(".ant-table") as HTMLElement;
  const headers = [...root.querySelectorAll("thead th")];
  const index = headers.findIndex((th) => (typeof title === "string" ? th.textContent === title : title.test(th.textContent ?? "")));
  expect(index, `a column headed ${String(title)}`).toBeGreaterThan(-1);
  const cols = [...table.querySelectorAll("colgroup col")] as HTMLElement[];
  return cols[index]?.style.width ?? "";
}

/**
 * A table whose columns keep their widths: fixed layout at a width in pixels (at max-content, one
 * long value widens its column and pushes the others out of sight).
 */
export function expectBoundedTable(cell: HTMLElement): void {
  const table = cell.closest("table") as HTMLTableElement;
  expect(table.style.tableLayout).toBe("fixed");
  expect(table.style.width).toMatch(/^\d+px$/);
}

/** A cell cut with an ellipsis, whose whole text shows in a tooltip on hover. */
export function clippedCell(row: HTMLElement, text: string): HTMLElement {
  const span = within(row).getByText(text);
  expect(span.closest("td")?.className).toContain("ant-table-cell-ellipsis");
  return span;
}
