import type { Worksheet } from "exceljs";
import { badRequest } from "../http/errors";
/**
 * An .xlsx is a zip: a one-megabyte upload could inflate to gigabytes once a reader unpacks it.
 * Before handing the bytes to exceljs, the zip's own table of contents (its central directory) is
 * read for the sizes its entries declare; a file declaring more than the limit, or no readable
 * table of contents, is refused without unpacking anything.
 */
const EOCD_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const ZIP64_MARK = 0xffffffff;

/** The uncompressed bytes a zip declares, or null when it is no readable zip. */
export function declaredUnzippedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let eocd = -1;
  for (let i = bytes.length - EOCD_MIN; i >= Math.max(0, bytes.length - EOCD_MIN - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== ENTRY_SIGNATURE) return null;
    const size = view.getUint32(at + 24, true);
    // Zip64 keeps the real size elsewhere: an office file never needs it, so it is not believed.
    if (size === ZIP64_MARK) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** exceljs is loaded when a sheet is read or written, never at start-up. */
export const loadExcel = async () => (await import("exceljs")).default;

export interface UploadLimits {
  /** What the zip may declare once unpacked. */
  maxUnzippedBytes: number;
  /** The 400 for a file that is no readable workbook. */
  notReadable: string;
}

/**
 * The first sheet of an uploaded .xlsx: its declared unpacked size checked before exceljs unpacks
 * anything, every failure a 400 with the caller's words.
 */
export async function readFirstSheet(bytes: Uint8Array, limits: UploadLimits): Promise<Worksheet> {
  const unzipped = declaredUnzippedSize(bytes);
  if (unzipped === null) throw badRequest(limits.notReadable);
  if (unzipped > limits.maxUnzippedBytes) throw badRequest("文件内容过大，请分批导入");
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  try {
    // exceljs declares its own pre-Node-20 Buffer interface, which Node's Buffer<ArrayBuffer> does
    // not structurally match; the value is a real Buffer, as exceljs expects at run time.
    await book.xlsx.load(Buffer.from(bytes) as never);
  } catch {
    throw badRequest(limits.notReadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest("导入文件中没有工作表");
  return sheet;
}
