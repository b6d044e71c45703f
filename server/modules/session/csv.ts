/**
 * A CSV download streamed batch by batch: each pull of the response body reads the next batch
 * from the database, so a slow client slows the reads and memory holds one batch at most.
 * UTF-8 with a BOM so that Excel opens the Chinese headers correctly.
 */

/** A cell Excel would run as a formula (=, +, -, @, tab, CR) is prefixed with a quote (CSV injection). */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(cell).join(",")}\r\n`;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/**
 * `next(after)` answers the batch after the cursor (undefined: the first) and the cursor of its
 * last row; an empty batch ends the file. A failure mid-file is logged and cuts the file short.
 */
export function csvResponse<T>(options: {
  filename: { ascii: string; utf8: string };
  columns: CsvColumn<T>[];
  next: (after: string | undefined) => Promise<{ rows: T[]; cursor?: string }>;
  onError: (error: unknown) => void;
}): Response {
  const encoder = new TextEncoder();
  let after: string | undefined;
  let started = false;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\ufeff${csvLine(options.columns.map((c) => c.header))}`));
        return;
      }
      if (done) return controller.close();
      try {
        const { rows, cursor } = await options.next(after);
        if (rows.length === 0 || cursor === undefined) done = true;
        after = cursor;
        const text = rows.map((r) => csvLine(options.columns.map((c) => c.value(r)))).join("");
        if (text) controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      } catch (error) {
        options.onError(error);
        controller.error(error);
      }
    },
  });
  const { ascii, utf8 } = options.filename;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`,
      "Cache-Control": "no-store",
    },
  });
}
