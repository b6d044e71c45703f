import { useEffect } from "react";
import { App } from "antd";
import { setNotifier, setUnauthorizedHandler } from "../providers/http";

/**
 * Hands antd's message API to the http layer (it lives outside React) and sends a forced
 * logout to /login with a full navigation, which also drops every cached query.
 */
export function HttpBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setNotifier({ error: (msg: string) => void message.error(msg) });
    setUnauthorizedHandler(() => {
      if (window.location.pathname !== "/login") window.location.assign("/login");
    });
  }, [message]);
  return null;
}
