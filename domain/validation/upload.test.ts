import { describe, expect, it } from "vitest";
import {
  AVATAR_MAX_BYTES,
  checkAvatar,
  checkUploadCount,
  checkUploadFile,
  fileExtension,
  UPLOAD_EXTENSIONS_DEFAULT,
  UPLOAD_EXTENSIONS_EXTENDED,
  uploadResultMessage,
} from "./upload";

const MB = 1024 * 1024;
const FORMAT = "上传文件格式错误";
const size = (n: number) => `上传文件大小不能超过 ${n} MB!`;

describe("extension lists", () => {
  it("default list is the §5 list", () => {
    expect([...UPLOAD_EXTENSIONS_DEFAULT]).toEqual(["doc", "docx", "xls", "xlsx", "ppt", "txt", "pdf", "png", "jpg", "jpeg"]);
  });
  it("extended list is the §5 list", () => {
    expect([...UPLOAD_EXTENSIONS_EXTENDED]).toEqual([
      "xls", "xlsx", "doc", "docx", "pdf", "ppt", "pptx", "png", "gif", "jpeg", "jpg", "mp3", "mp4", "html", "csv", "txt",
    ]);
  });
});

describe("fileExtension", () => {
  it.each([
    ["a.png", "png"],
    ["A.PNG", "png"],
    ["archive.tar.gz", "gz"],
    ["noext", ""],
    ["trailing.", ""],
    [".png", ""],
    ["dir.v2/file", ""],
    ["C:\\dir.x\\photo.JPG", "jpg"],
    ["", ""],
  ])("%j → %j", (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe("checkUploadFile", () => {
  it.each(UPLOAD_EXTENSIONS_DEFAULT)("default list accepts .%s", (ext) => {
    expect(checkUploadFile({ name: `file.${ext}`, size: 1 })).toBeNull();
    expect(checkUploadFile({ name: `FILE.${ext.toUpperCase()}`, size: 1 })).toBeNull();
  });

  it.each(["pptx", "gif", "mp3", "mp4", "html", "csv", "exe", "js", "svg", "zip", "png.exe"])(
    "default list refuses .%s",
    (ext) => {
      expect(checkUploadFile({ name: `file.${ext}`, size: 1 })).toBe(FORMAT);
    },
  );

  it.each(UPLOAD_EXTENSIONS_EXTENDED)("extended list accepts .%s", (ext) => {
    expect(checkUploadFile({ name: `file.${ext}`, size: 1 }, { extensions: UPLOAD_EXTENSIONS_EXTENDED })).toBeNull();
  });

  it.each(["exe", "js", "svg", "bat", "sh", "htm", "xml"])("extended list refuses .%s", (ext) => {
    expect(checkUploadFile({ name: `file.${ext}`, size: 1 }, { extensions: UPLOAD_EXTENSIONS_EXTENDED })).toBe(FORMAT);
  });

  it.each(["noext", "", ".png", "file.", "png"])("refuses a name without extension: %j", (name) => {
    expect(checkUploadFile({ name, size: 1 })).toBe(FORMAT);
  });

  it("accepts extension lists written with dots or upper case", () => {
    expect(checkUploadFile({ name: "a.svg", size: 1 }, { extensions: [".SVG"] })).toBeNull();
  });

  it.each([
    [0, null],
    [5 * MB - 1, null],
    [5 * MB, null],
    [5 * MB + 1, size(5)],
    [100 * MB, size(5)],
    [-1, size(5)],
    [NaN, size(5)],
  ])("default size %d → %j", (bytes, expected) => {
    expect(checkUploadFile({ name: "a.pdf", size: bytes })).toBe(expected);
  });

  it.each([
    [10, 10 * MB, null],
    [10, 10 * MB + 1, size(10)],
    [0.5, MB / 2, null],
    [0.5, MB / 2 + 1, size(0.5)],
  ])("maxSizeMb %d, size %d → %j", (maxSizeMb, bytes, expected) => {
    expect(checkUploadFile({ name: "a.pdf", size: bytes }, { maxSizeMb })).toBe(expected);
  });

  it("checks the format before the size", () => {
    expect(checkUploadFile({ name: "a.exe", size: 10 * MB })).toBe(FORMAT);
  });

  it("speaks English", () => {
    expect(checkUploadFile({ name: "a.exe", size: 1 }, {}, "en")).toBe("File format is not allowed");
    expect(checkUploadFile({ name: "a.pdf", size: 6 * MB }, {}, "en")).toBe("Uploaded file size cannot exceed 5 MB!");
  });
});

describe("checkUploadCount", () => {
  it.each([
    [0, undefined, null],
    [1, undefined, null],
    [2, undefined, "上传文件数量不能超过 1 个"],
    [3, 3, null],
    [4, 3, "上传文件数量不能超过 3 个"],
  ])("count %d, max %j → %j", (count, max, expected) => {
    expect(checkUploadCount(count, max)).toBe(expected);
  });
  it("speaks English", () => {
    expect(checkUploadCount(2, 1, "en")).toBe("File count cannot exceed 1");
  });
});

describe("checkAvatar", () => {
  const TYPE = "头像图片只能是 JPG/PNG 格式!";
  const SIZE = "头像图片大小不能超过 500kb!";

  it("500 kb is 500 × 1024 bytes", () => {
    expect(AVATAR_MAX_BYTES).toBe(512000);
  });

  it.each([
    [{ name: "me.jpg", size: 1 }, null],
    [{ name: "me.jpeg", size: 1 }, null],
    [{ name: "me.png", size: 1 }, null],
    [{ name: "ME.PNG", size: 1, type: "IMAGE/PNG" }, null],
    [{ name: "me.jpg", size: 1, type: "image/jpeg" }, null],
    [{ name: "me.png", size: 1, type: "image/png" }, null],
    [{ name: "me.jpg", size: 1, type: "" }, null], // unknown type: the extension decides
    [{ name: "me.jpg", size: 500 * 1024 }, null],
    [{ name: "me.jpg", size: 500 * 1024 + 1 }, SIZE],
    [{ name: "me.png", size: 2 * 1024 * 1024 }, SIZE],
    [{ name: "me.gif", size: 1 }, TYPE],
    [{ name: "me.svg", size: 1 }, TYPE],
    [{ name: "me.webp", size: 1, type: "image/webp" }, TYPE],
    [{ name: "me", size: 1 }, TYPE],
    [{ name: "me.png", size: 1, type: "image/gif" }, TYPE], // renamed file
    [{ name: "me.jpg", size: 1, type: "text/html" }, TYPE],
    [{ name: "me.gif", size: 500 * 1024 + 1 }, TYPE], // type before size
  ])("%o → %j", (file, expected) => {
    expect(checkAvatar(file)).toBe(expected);
  });

  it("speaks English", () => {
    expect(checkAvatar({ name: "a.gif", size: 1 }, "en")).toBe("Avatar image must be JPG or PNG!");
    expect(checkAvatar({ name: "a.png", size: 600 * 1024 }, "en")).toBe("Avatar image size cannot exceed 500kb!");
  });
});

describe("uploadResultMessage", () => {
  it.each([
    [true, "zh", "上传成功"],
    [false, "zh", "上传失败，请重试"],
    [true, "en", "Upload successful"],
    [false, "en", "Upload failed, please retry"],
  ] as const)("%s %s → %s", (ok, lang, expected) => {
    expect(uploadResultMessage(ok, lang)).toBe(expected);
  });
});
