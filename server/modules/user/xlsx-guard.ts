/**
 * An .xlsx is a zip, and a small upload can declare entries that inflate to gigabytes. The zip's
 * central directory (its table of contents, at the end of the file) states each entry's
 * uncompressed size: their sum is checked before exceljs unpacks anything.
 */
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
const ZIP64_SIZE = 0xffffffff;

/** The total uncompressed size the zip declares; null when there is no readable directory. */
export function declaredUnzippedBytes(bytes: Uint8Array): number | null {
  if (bytes.length < END_RECORD_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is followed only by an optional comment of at most 65,535 bytes.
  const lowest = Math.max(0, bytes.length - END_RECORD_BYTES - 0xffff);
  let end = -1;
  for (let at = bytes.length - END_RECORD_BYTES; at >= lowest && end < 0; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) end = at;
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const size = view.getUint32(at + 24, true);
    // A spreadsheet never needs zip64; a file claiming it is not believed.
    if (size === ZIP64_SIZE) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}
