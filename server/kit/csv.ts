import { PassThrough, Readable } from "node:stream";

/**
 * CSV downloads (logs, sessions), streamed: rows are read in batches and written as they come, waiting
 * whenever the client is slower than the database, so memory stays flat however many rows match.
 */

/** A cell: quoted when it must be, and never a formula (a log holds whatever a client sent). */
export function cell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: unknown[]) => `${values.map(cell).join(",")}\r\n`;

/** Resolves when the stream wants more, or is gone (a client that went away must not leave us waiting). */
const drained = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => unknown;
}

/**
 * A streamed CSV response. `batches` yields the rows a batch at a time; between batches we let
 * the socket catch up (PGlite answers without leaving the microtask queue, so without yielding the
 * whole file would wait in memory). A failure after the first byte can only cut the file short.
 */
export function csvResponse<R>(
  filename: { ascii: string; name: string },
  columns: CsvColumn<R>[],
  batches: () => AsyncGenerator<R[]>,
  onError: (error: unknown) => void,
): Response {
  const out = new PassThrough();
  const write = async () => {
    // The BOM lets Excel read the Chinese headers as UTF-8.
    out.write(`\ufeff${csvLine(columns.map((c) => c.header))}`);
    for await (const rows of batches()) {
      if (out.destroyed) return;
      out.write(rows.map((r) => csvLine(columns.map((c) => c.value(r)))).join(""));
      await new Promise((r) => setImmediate(r));
      // Asked after yielding, not from write()'s answer: a drain during the yield would be missed.
      if (out.writableNeedDrain && !out.destroyed) await drained(out);
    }
    if (!out.destroyed) out.end();
  };
  write().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const body = Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.ascii}"; filename*=UTF-8''${encodeURIComponent(filename.name)}`,
      "Cache-Control": "no-store",
    },
  });
}
