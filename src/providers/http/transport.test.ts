import { describe, expect, it } from "vitest";
import { buildUrl, filenameFromDisposition, isTokenUrl, serializeParams, withApiBase } from "./transport";

describe("url building", () => {
  it("prefixes the api base unless absolute or already prefixed", () => {
    expect(withApiBase("/blade-user/page")).toBe("/api/blade-user/page");
    expect(withApiBase("blade-user/page")).toBe("/api/blade-user/page");
    expect(withApiBase("/api/blade-user/page")).toBe("/api/blade-user/page");
    expect(withApiBase("https://gw.example.com/blade-user/page")).toBe("https://gw.example.com/blade-user/page");
    expect(withApiBase("/apis/x")).toBe("/api/apis/x");
  });

  it("serialises params: skips undefined and null, joins arrays with commas, encodes values", () => {
    expect(serializeParams({ a: 1, b: undefined, c: null, d: ["x", "y"], e: "2024-01-01 00:00:00", f: "" })).toBe(
      "a=1&d=x%2Cy&e=2024-01-01%2000%3A00%3A00&f=",
    );
  });

  it("appends params to a url that already has a query", () => {
    expect(buildUrl("/blade-user/remove?ids=1", { x: 2 })).toBe("/api/blade-user/remove?ids=1&x=2");
    expect(buildUrl("/a", {})).toBe("/api/a");
  });

  it("recognises the token endpoint", () => {
    expect(isTokenUrl("/blade-auth/oauth/token")).toBe(true);
    expect(isTokenUrl("/api/blade-auth/oauth/token?x=1")).toBe(true);
    expect(isTokenUrl("/blade-auth/oauth/token/refresh")).toBe(false);
    expect(isTokenUrl("/blade-auth/oauth/captcha")).toBe(false);
  });

  it("reads the download file name from Content-Disposition", () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe("用户.xlsx");
    expect(filenameFromDisposition('attachment; filename="report.csv"')).toBe("report.csv");
    expect(filenameFromDisposition("attachment;filename=%E7%94%A8.xlsx")).toBe("用.xlsx");
    expect(filenameFromDisposition(null)).toBe("download");
  });
});
