import { http } from "../../../providers/http";
import { API } from "../../../../domain/contract/api";

/** Ends the sessions at once (their next request is refused and they are sent to sign in). */
export async function stopSessions(ids: string[]): Promise<void> {
  await http.get(API.get("/blade-user/userSession/stopSession"), { params: { sessionIds: ids.join(",") } });
}

