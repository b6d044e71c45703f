import { useCallback, useEffect, useState } from "react";
import { fetchCaptcha } from "../../providers/auth/api";

/** Loads a captcha image and its key; `refresh` fetches a new one (codes are single-use). */
export function useCaptcha(enabled: boolean) {
  const [state, setState] = useState<{ key: string; image: string; failed: boolean }>({ key: "", image: "", failed: false });
  const refresh = useCallback(async () => {
    if (!enabled) return;
    try {
      const c = await fetchCaptcha();
      setState({ key: c.key, image: c.image, failed: false });
    } catch {
      setState({ key: "", image: "", failed: true });
    }
  }, [enabled]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { ...state, refresh };
}
