import { PassThrough, Readable } from "node:stream";
import { and, asc, gt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { user } from "../../db/schema";
import { formatDateTime } from "../../db/time";
import { dictLabels } from "../../kit/dict-labels";
import { toUserVOs } from "../../kit/user-vo";
import type { TenantScope } from "../../security/tenant-scope";
import { EXPORT_ONLY_COLUMNS, columnsFor, exportValues } from "./excel-columns";
import { downloadHeaders, loadExcel } from "./excel-template";
import { userQuery } from "./service";

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

/**
 * Bytes of sheet XML that exceljs has handed to the zip and zlib has not compressed yet: exceljs
 * writes into the zip's input without looking at backpressure, so we look for it: its worksheet
 * stream pipes into a PassThrough that archiver reads once it gets to that entry.
 */
function zipBacklog(sheet: unknown): number {
  type Pipe = { writableLength?: number; _writableState?: { length?: number } };
  const pipes = (sheet as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? [];
  // archiver's streams come from readable-stream 2, whose writables have no writableLength getter.
  return pipes.reduce((n, p) => n + (p.writableLength ?? p._writableState?.length ?? 0), 0);
}

/** Most sheet XML allowed to wait for compression before the next batch is read. */
const MAX_BACKLOG = 1024 * 1024;

/**
 * Waits until the zip and the client have caught up. PGlite answers in-process without leaving
 * the microtask queue, so without yielding here zlib (thread pool) and the socket would not run
 * until the last row: the whole file would wait in memory.
 */
async function caughtUp(out: PassThrough, sheet: unknown): Promise<void> {
  await new Promise((r) => setImmediate(r));
  while (!out.destroyed) {
    if (out.writableNeedDrain) await drained(out);
    else if (zipBacklog(sheet) > MAX_BACKLOG) await new Promise((r) => setTimeout(r, 2));
    else return;
  }
}

/** Rows read per statement: small enough that a batch and its workbook XML stay a few hundred kB. */
export const EXPORT_BATCH = 1000;

/**
 * GET /export-user: every user matching the users page's filters (deptId, roleId and the Blade
 * grammar, the page's paging ignored) as an .xlsx, streamed: rows are read in batches by keyset
 * (id order, so a batch never rereads or skips rows) and written through exceljs's streaming
 * writer straight into the response, waiting whenever the client is slower than the database. So
 * memory stays flat however many users match. Filters are checked before the first byte is sent,
 * so a bad filter is still a 400 envelope; a failure later can only cut the file short (logged).
 */
export async function exportUsers(ctx: AppContext, scope: TenantScope, params: Record<string, string>): Promise<Response> {
  const { q, extra } = await userQuery(scope, params);
  const ExcelJS = await loadExcel();
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet("用户数据");
  const columns = columnsFor(scope.crossTenant, EXPORT_ONLY_COLUMNS);
  const idTypes = await dictLabels(scope, "id_type");
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));

  const write = async () => {
    let after: string | undefined;
    while (extra !== null && !out.destroyed) {
      const rows = await scope.repo(user).list(and(q.where, extra, after === undefined ? undefined : gt(user.id, after)), {
        orderBy: [asc(user.id)],
        limit: EXPORT_BATCH,
      });
      for (const vo of await toUserVOs(scope, rows)) sheet.addRow(exportValues(vo, idTypes)).commit();
      if (rows.length < EXPORT_BATCH) break;
      after = rows[rows.length - 1].id;
      await caughtUp(out, sheet);
    }
    // A client that went away gets nothing more (writing into the destroyed stream would throw).
    if (out.destroyed) return;
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => {
    ctx.logError(error, "GET /blade-user/export-user");
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  const stamp = formatDateTime(new Date(ctx.now())).replace(/\D/g, "");
  const body = Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers: downloadHeaders(`users-${stamp}.xlsx`, `用户数据${stamp}.xlsx`) });
}
