/** The app-registered hooks of the request layer: how to show an error, where to go on 401. */
import { clearSession, getAccessToken } from "../auth/session";

export interface Notifier {
  error(msg: string): void;
}

const defaultNotifier: Notifier = { error: (msg) => console.error(msg) };
const defaultUnauthorized = () => {
  if (typeof window !== "undefined") window.location.assign("/login");
};

let notifier: Notifier = defaultNotifier;
let onUnauthorized: () => void = defaultUnauthorized;

/** Register the toast function (antd's `App.useApp().message`); null restores console.error. */
export function setNotifier(n: Notifier | null): void {
  notifier = n ?? defaultNotifier;
}

/** Register the navigation to /login after a forced logout; null restores `location.assign("/login")`. */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  onUnauthorized = fn ?? defaultUnauthorized;
}

export function notifyError(msg: string): void {
  try {
    notifier.error(msg);
  } catch (e) {
    console.error(e);
  }
}

/**
 * Forced local logout (§4): clear the session and leave for /login. `tokenUsed` is the token the
 * failing request carried: when it was already cleared by a parallel request, nothing is repeated.
 */
export function forceLogout(tokenUsed?: string | null): void {
  if (tokenUsed && !getAccessToken()) return;
  clearSession();
  onUnauthorized();
}
