/**
 * One polite live region for every status the console shows. They all go through antd's App
 * holders: refine's notification provider (saved, deleted), the http layer's errors (HttpBridge)
 * and the pages' own `App.useApp().message` calls. Root hands this element to the App as the
 * container of its messages and notifications, so each toast is added inside the region and read
 * out once as it appears — the toast itself, not a hidden copy a page would show twice.
 *
 * The element is made on first use, before the first toast, and lives beside the React root: a
 * live region must exist before its content changes for screen readers to follow it.
 */
let region: HTMLElement | null = null;

export function liveRegion(): HTMLElement {
  if (!region?.isConnected) {
    region = document.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.dataset.testid = "live-region";
    document.body.appendChild(region);
  }
  return region;
}

/** The props of antd's <App> that put its toasts in the live region. */
export const liveToasts = { message: { getContainer: liveRegion }, notification: { getContainer: liveRegion } };
