import { useCallback, useEffect, useState } from "react";
import { fetchCaptcha } from "../../providers/auth/api";
import { website } from "../../config/website";

type Captcha = Awaited<ReturnType<typeof fetchCaptcha>>;

/**
 * A fresh certificate per captcha (captchaNew): 128 random bits as hex. getRandomValues works on
 * plain-http sites too, where crypto.randomUUID is missing.
 */
export function newCertificate(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The captcha call the build asks for: captcha, or captchaNew under a new certificate. */
const nextCaptcha = (): Promise<Captcha> => (website.captchaCertificate ? fetchCaptcha(newCertificate()) : fetchCaptcha());

/**
 * The first captcha is asked for as soon as the login page's code arrives, beside React's first
 * render rather than after it: the image is the largest thing on the page, so how soon it shows
 * is how fast the page feels (LCP). Later ones are fetched on demand.
 */
let early: Promise<Captcha> | null =
  website.captchaMode && typeof window !== "undefined" && window.location.pathname === "/login" ? nextCaptcha() : null;
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
  const refresh = useCallback(() => load(nextCaptcha), [load]);
  useEffect(() => {
    void load(() => takeEarly() ?? nextCaptcha());
  }, [load]);
  return { ...state, refresh };
}
