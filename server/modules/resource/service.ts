import { eq } from "drizzle-orm";
import { UPLOAD_EXTENSIONS_EXTENDED, checkUploadFile, fileExtension, formatMessage } from "../../../domain/validation";
import type { AppContext } from "../../context";
import { isId, nextId } from "../../db/ids";
import { file } from "../../db/schema";
import { ApiError, badRequest } from "../../http/errors";
import { FILE_LINK_PREFIX } from "../../kit/file-link";
import type { TenantScope } from "../../security/tenant-scope";

/** The type a file is served with comes from its checked extension, never from what the browser claimed. */
const CONTENT_TYPES: Record<string, string> = {
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  html: "text/html; charset=utf-8",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** Images are the only files shown inline, so they must really be what their extension says. */
const IMAGE_SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  png: (b) => startsWith(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  jpg: (b) => startsWith(b, 0xff, 0xd8, 0xff),
  jpeg: (b) => startsWith(b, 0xff, 0xd8, 0xff),
  gif: (b) => startsWith(b, ...ascii("GIF87a")) || startsWith(b, ...ascii("GIF89a")),
};

export const isInlineImage = (extension: string) => extension in IMAGE_SIGNATURES;

/** The original name without directories and control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = String(name).split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return [...clean].slice(-255).join("") || "file";
}

export interface UploadResult {
  link: string;
  /** The same address as link: §3's upload result names it url (what the generic widget stores). */
  url: string;
  name: string;
  originalName: string;
  domain: string;
  attachId?: string;
}

/**
 * Checks (shared rules, then the bytes of images) and stores one upload in the caller's tenant.
 * `extensions`: what this endpoint takes — put-file(-attach) the §5 second variant's list, the
 * generic /common/upload the §5 default list.
 */
export async function storeFile(
  ctx: AppContext,
  scope: TenantScope,
  upload: File,
  extensions: readonly string[] = UPLOAD_EXTENSIONS_EXTENDED,
): Promise<UploadResult> {
  const originalName = cleanFileName(upload.name);
  const maxSizeMb = ctx.uploadMaxBytes / (1024 * 1024);
  const error = checkUploadFile({ name: originalName, size: upload.size }, { extensions, maxSizeMb });
  if (error) throw badRequest(error);
  if (upload.size === 0) throw badRequest("上传文件不能为空");
  const extension = fileExtension(originalName);
  const bytes = Buffer.from(await upload.arrayBuffer());
  const signature = IMAGE_SIGNATURES[extension];
  if (signature && !signature(bytes)) throw badRequest(formatMessage("uploadFormat"));
  const id = nextId();
  const name = `${scope.tenantId}/${id}.${extension}`;
  const contentType = CONTENT_TYPES[extension] ?? "application/octet-stream";
  await scope.repo(file).insert({ name, originalName, extension, contentType, size: bytes.length, data: bytes }, undefined, id);
  const link = `${FILE_LINK_PREFIX}${id}`;
  return { link, url: link, name, originalName, domain: "", attachId: id };
}

export type StoredFile = typeof file.$inferSelect;

/** A live file of the caller's tenant, else 404 (another tenant's file is answered like a missing one). */
export async function loadFile(scope: TenantScope, id: string): Promise<StoredFile> {
  const [row] = isId(id) ? await scope.repo(file).list(eq(file.id, id)) : [];
  if (!row) throw new ApiError(404, "文件不存在");
  return row;
}
