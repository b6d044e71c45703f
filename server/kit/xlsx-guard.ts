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
