import { formatMessage, type Lang } from "./messages";

/** What the checks need of a file: a browser File and a server-side upload both fit, no DOM types. */
export interface UploadFileLike {
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type, when known. */
  type?: string;
}

export const UPLOAD_EXTENSIONS_DEFAULT: readonly string[] = [
  "doc", "docx", "xls", "xlsx", "ppt", "txt", "pdf", "png", "jpg", "jpeg",
];

export const UPLOAD_EXTENSIONS_EXTENDED: readonly string[] = [
  "xls", "xlsx", "doc", "docx", "pdf", "ppt", "pptx", "png", "gif", "jpeg", "jpg", "mp3", "mp4", "html", "csv", "txt",
];

export const UPLOAD_MAX_SIZE_MB_DEFAULT = 5;
export const UPLOAD_MAX_COUNT_DEFAULT = 1;
/** 1 MB = 1024 × 1024 bytes, as the original console computed it. */
export const BYTES_PER_MB = 1024 * 1024;

export const AVATAR_EXTENSIONS: readonly string[] = ["jpg", "jpeg", "png"];
export const AVATAR_MIME_TYPES: readonly string[] = ["image/jpeg", "image/png"];
/** 500 kb = 500 × 1024 bytes. */
export const AVATAR_MAX_BYTES = 500 * 1024;

/**
 * Lower-case extension of a file name, "" when there is none. Directory parts are dropped, and a
 * leading dot alone (".png", a hidden file) is not an extension, as in Node's path.extname.
 */
export function fileExtension(name: string): string {
  const base = String(name).split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

const normaliseExtensions = (list: readonly string[]): Set<string> =>
  new Set(list.map((e) => e.trim().replace(/^\./, "").toLowerCase()));

export interface UploadCheckOptions {
  /** Allowed extensions, with or without a leading dot, any case. Defaults to UPLOAD_EXTENSIONS_DEFAULT. */
  extensions?: readonly string[];
  maxSizeMb?: number;
}

/** Format first, then size (§5). Exactly maxSizeMb is allowed. */
export function checkUploadFile(
  file: UploadFileLike,
  options: UploadCheckOptions = {},
  lang: Lang = "zh",
): string | null {
  const { extensions = UPLOAD_EXTENSIONS_DEFAULT, maxSizeMb = UPLOAD_MAX_SIZE_MB_DEFAULT } = options;
  const ext = fileExtension(file.name);
  if (ext === "" || !normaliseExtensions(extensions).has(ext)) return formatMessage("uploadFormat", lang);
  if (!Number.isFinite(file.size) || file.size < 0 || file.size > maxSizeMb * BYTES_PER_MB) {
    return formatMessage("uploadSize", lang, { n: maxSizeMb });
  }
  return null;
}

/** `count` is the number of files the upload would hold in total, including the new ones. */
export function checkUploadCount(
  count: number,
  max: number = UPLOAD_MAX_COUNT_DEFAULT,
  lang: Lang = "zh",
): string | null {
  return count > max ? formatMessage("uploadCount", lang, { n: max }) : null;
}

/**
 * Avatar: JPG or PNG, at most 500 kb. The MIME type is checked too when the caller knows it,
 * because a renamed file keeps its real type; an empty type (some browsers for unknown files)
 * is treated as unknown.
 */
export function checkAvatar(file: UploadFileLike, lang: Lang = "zh"): string | null {
  const typeOk = !file.type || AVATAR_MIME_TYPES.includes(file.type.toLowerCase());
  if (!AVATAR_EXTENSIONS.includes(fileExtension(file.name)) || !typeOk) return formatMessage("avatarType", lang);
  if (!Number.isFinite(file.size) || file.size < 0 || file.size > AVATAR_MAX_BYTES) {
    return formatMessage("avatarSize", lang);
  }
  return null;
}

/** The message shown after an upload finishes. */
export function uploadResultMessage(success: boolean, lang: Lang = "zh"): string {
  return formatMessage(success ? "uploadSuccess" : "uploadFailure", lang);
}
