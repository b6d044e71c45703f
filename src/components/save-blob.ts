import type { BlobResult } from "../providers/http";

/**
 * Hands a downloaded file to the browser (an authenticated download: the token travelled in a
 * header, never in a URL).
 */
export function saveBlob({ blob, filename }: BlobResult): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
