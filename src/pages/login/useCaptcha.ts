import { useCallback, useEffect, useState } from "react";
import { fetchCaptcha } from "../../providers/auth/api";
import { website } from "../../config/website";

type Captcha = Awaited<ReturnType<typeof fetchCaptcha>>;

/**
 * The first captcha is asked for as soon as the login page's code arrives, beside React's first
 * render rather than after it: the image is the largest thing on the page, so how soon it shows
 * is how fast the page feels (LCP). Later ones are fetched on demand.
 */
let early: Promise<Captcha> | null =
  website.captchaMode && typeof window !== "undefined" && window.location.pathname === "/login" ? fetchCaptcha() : null;
early?.catch(() => undefined);

const takeEarly = (): Promise<Captcha> | null => {
  const first = early;
  early = null;
  return first;
};

/** Loads a captcha image and its key; `refresh` fetches a new one (codes are single-use). */
export function useCaptcha(enabled: boolean) {
  const [state, setState] = useState<{ key: string; image: string; failed: boolean }>({ key: "", image: "", failed: false });
  const load = useCallback(
    async (source: () => Promise<Captcha>) => {
      if (!enabled) return;
      try {
        const c = await source();
        setState({ key: c.key, image: c.image, failed: false });
      } catch {
        setState({ key: "", image: "", failed: true });
      }
    },
    [enabled],
  );
  const refresh = useCallback(() => load(fetchCaptcha), [load]);
  useEffect(() => {
    void load(() => takeEarly() ?? fetchCaptcha());
  }, [load]);
  return { ...state, refresh };
}
