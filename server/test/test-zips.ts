/**
 * Zips made byte by byte for the tests of server/kit/xlsx-guard.ts: a central directory that declares an
 * entry of `size` bytes, with no data behind it (what a zip bomb's table of contents looks like).
 */
export function zipDeclaring(size: number, name = "xl/worksheets/sheet1.xml"): Uint8Array {
  const file = new TextEncoder().encode(name);
  const entry = new DataView(new ArrayBuffer(46 + file.length));
  entry.setUint32(0, 0x02014b50, true);
  entry.setUint32(20, 1000, true); // compressed size
  entry.setUint32(24, size >>> 0, true); // uncompressed size
  entry.setUint16(28, file.length, true);
  new Uint8Array(entry.buffer).set(file, 46);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, entry.byteLength, true);
  end.setUint32(16, 0, true); // the central directory starts at byte 0
  const out = new Uint8Array(entry.byteLength + 22);
  out.set(new Uint8Array(entry.buffer), 0);
  out.set(new Uint8Array(end.buffer), entry.byteLength);
  return out;
}
