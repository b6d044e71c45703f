import type { NotificationProvider } from "@refinedev/core";
import { App } from "antd";

/**
 * refine's notifications as antd toasts, minus errors: the http layer already shows every failed
 * call once with the server's message (§8), so a second toast from refine would repeat it.
 *
 * Written here rather than taken from @refinedev/antd, whose provider carries a circular progress
 * ring for undoable mutations: the console never uses undoable mode, and the ring (antd Progress)
 * would ride along on every page's first load.
 */
export function useBladeNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      if (type === "error" || type === "progress") return;
      notification.open({ key, description: message, message: description ?? null, type });
    },
    close: (key) => notification.destroy(key),
  };
}
