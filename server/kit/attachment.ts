import { eq, inArray } from "drizzle-orm";
import { isAttachmentLink } from "../../domain/resources/applicationManagement/applicationList/spec";
import type { Message } from "../../domain/validation";
import { file } from "../db/schema";
import type { TenantScope } from "../security/tenant-scope";
import { fieldErrors } from "./crud";
import { FILE_LINK_PREFIX, isOwnFileLink } from "./file-link";

/**
 * The `attachment` of a write (applications, directories): empty, an http(s) address, or the link
 * of a file the caller can read (an upload of theirs). Only a changed value is checked, so saving
 * a record whose attachment someone else uploaded does not fail.
 */
export async function checkAttachment(
  scope: TenantScope,
  values: Record<string, unknown>,
  existing: { attachment: string } | undefined,
  messages: { attachmentLink: Message; attachmentMissing: Message },
): Promise<void> {
  const value = values.attachment;
  if (typeof value !== "string" || value === existing?.attachment) return;
  if (!isAttachmentLink(value)) fieldErrors([{ field: "attachment", message: messages.attachmentLink.zh }]);
  if (isOwnFileLink(value) && (await scope.repo(file).count(eq(file.id, value.slice(FILE_LINK_PREFIX.length)))) === 0) {
    fieldErrors([{ field: "attachment", message: messages.attachmentMissing.zh }]);
  }
}

/**
 * `attachmentName` of each row: the uploaded file's own name for our links ("" for an address,
 * whose last segment the console shows), so a detail shows what a download will be called.
 */
export async function withAttachmentNames<R extends { attachment: string }>(scope: TenantScope, rows: R[]): Promise<(R & { attachmentName: string })[]> {
  const ids = [...new Set(rows.map((r) => r.attachment).filter(isOwnFileLink).map((l) => l.slice(FILE_LINK_PREFIX.length)))];
  const names = ids.length
    ? (await scope.lookup([{ name: "file", table: file, key: file.id, label: file.originalName, where: inArray(file.id, ids) }])).get("file")!
    : new Map<string, string>();
  return rows.map((r) => ({ ...r, attachmentName: isOwnFileLink(r.attachment) ? (names.get(r.attachment.slice(FILE_LINK_PREFIX.length)) ?? "") : "" }));
}
