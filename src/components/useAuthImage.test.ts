import { describe, expect, it } from "vitest";
import { isApiFile } from "./useAuthImage";

describe("isApiFile (which images may be fetched with the session token)", () => {
  it("is true only for files under the API on our own origin", () => {
    expect(isApiFile("/api/blade-resource/oss/file/a.png")).toBe(true);
    expect(isApiFile(`${window.location.origin}/api/blade-resource/oss/file/a.png`)).toBe(true);
    expect(isApiFile("/avatar.svg")).toBe(false);
    expect(isApiFile("https://cdn.example.com/api/a.png")).toBe(false);
    expect(isApiFile("//cdn.example.com/api/a.png")).toBe(false);
    expect(isApiFile("/apix/a.png")).toBe(false);
  });
});
