import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { zipDeclaring } from "../test/test-zips";
import { declaredUnzippedSize } from "./xlsx-guard";

describe("declaredUnzippedSize", () => {
  it("adds up what a real xlsx declares, about what it unpacks to", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("s");
    for (let i = 0; i < 500; i++) sheet.addRow([`机构${i}`, "部门", i]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const size = declaredUnzippedSize(bytes)!;
    expect(size).toBeGreaterThan(bytes.length);
    expect(size).toBeLessThan(bytes.length * 50);
  });

  it("reads the size a crafted table of contents declares, without unpacking anything", () => {
    expect(declaredUnzippedSize(zipDeclaring(3_000_000_000))).toBe(3_000_000_000);
    expect(declaredUnzippedSize(zipDeclaring(0xffffffff))).toBe(Number.POSITIVE_INFINITY);
  });

  it("answers null for anything that is no zip, or a truncated one", () => {
    expect(declaredUnzippedSize(new TextEncoder().encode("not a zip at all"))).toBeNull();
    expect(declaredUnzippedSize(new Uint8Array(0))).toBeNull();
    const zip = zipDeclaring(10);
    const broken = zip.slice();
    broken[0] = 0; // the entry's signature
    expect(declaredUnzippedSize(broken)).toBeNull();
  });
});
