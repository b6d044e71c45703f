/** §4: every 10 s, refresh the token once its age reaches website.tokenTime; never overlapping. */
import { website } from "../../config/website";
import { forceLogout, isHttpError, refreshAccessToken } from "../http";
import { getAccessToken, getRefreshToken, getTokenAgeSeconds } from "./session";

/** Starts the check; returns the function that stops it. */
export function startTokenRefreshTimer(): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    const age = getTokenAgeSeconds();
    if (age === null || age < website.tokenTime || !getRefreshToken()) return;
    busy = true;
    const token = getAccessToken();
    try {
      await refreshAccessToken();
    } catch (e) {
      // The server refused the refresh token: the session is over. Network trouble: try again next tick.
      if (isHttpError(e) && e.kind === "http" && (e.code === 400 || e.code === 401)) forceLogout(token);
    } finally {
      busy = false;
    }
  };
  const id = setInterval(() => void tick(), website.tokenCheckIntervalMs);
  return () => clearInterval(id);
}
