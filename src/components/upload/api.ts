import { http } from "../../providers/http";
import { API } from "../../../domain/contract/api";
import type { FileUploadResult, R } from "../../../domain/contract";

/**
 * Where each variant of the widget sends its file (§7, multipart field `file`): the generic one to
 * /common/upload, the attachment one (the §5 second variant's longer list) to put-file-attach.
 */
export const UPLOAD_ENDPOINTS = {
  generic: API.post("/blade-resource/common/upload"),
  attach: API.post("/blade-resource/oss/endpoint/put-file-attach"),
} as const;

export type UploadVariant = keyof typeof UPLOAD_ENDPOINTS;

/** One file sent; answers its address (`url`, or BladeX's `link` where a gateway gives only that) and name. */
export async function sendFile(variant: UploadVariant, file: File): Promise<{ url: string; name: string }> {
  const form = new FormData();
  form.append("file", file, file.name);
  // A failure code throws in the request layer, which also toasts the server's reason.
  const { data } = await http.post<R<FileUploadResult & { url?: string }>>(UPLOAD_ENDPOINTS[variant], form);
  const url = data?.url ?? data?.link;
  if (!url) throw new Error("the upload answered no file address");
  return { url, name: data.originalName || file.name };
}
