import { saveBlob } from "../../../components/save-blob";
import { http, type BlobResult } from "../../../providers/http";
import { API } from "../../../../domain/contract/api";

/** Ends the sessions at once (their next request is refused and they are sent to sign in). */
export async function stopSessions(ids: string[]): Promise<void> {
  await http.get(API.get("/blade-user/userSession/stopSession"), { params: { sessionIds: ids.join(",") } });
}

/** An authenticated download of what the list's filters show: the token in the header, a blob back. */
export async function downloadSessions(url: string, params: Record<string, unknown>): Promise<void> {
  saveBlob(await http.get<BlobResult>(url, { params, responseType: "blob" }));
}
