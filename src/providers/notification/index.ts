import { useNotificationProvider } from "@refinedev/antd";
import type { NotificationProvider } from "@refinedev/core";

/**
 * refine's antd notifications, minus errors: the http layer already shows every failed call
 * once with the server's message (§8), so a second toast from refine would repeat it.
 */
export function useBladeNotificationProvider(): NotificationProvider {
  const base = useNotificationProvider();
  return {
    ...base,
    open: (params) => {
      if (params.type === "error") return;
      base.open(params);
    },
  };
}
