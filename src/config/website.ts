/**
 * The website settings of spec §9. Values the operator may change come from Vite env variables
 * (VITE_*), read once here; everything else is a constant of the spec.
 */
const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

const bool = (v: string | undefined, d: boolean) => (v === undefined || v === "" ? d : v === "true" || v === "1");

/** A comma-separated env value as a trimmed list without empty entries; `d` when unset. */
const list = (v: string | undefined, d: string[]): string[] =>
  v === undefined ? d : v.split(",").map((s) => s.trim()).filter(Boolean);

/** Origins only (scheme://host:port): anything that is not an absolute http(s) URL is dropped. */
const origins = (v: string[]): string[] =>
  v.flatMap((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:" ? [u.origin] : [];
    } catch {
      return [];
    }
  });

export const website = {
  title: env.VITE_APP_TITLE || "Blade Console",
  /** Prefix of every client-storage key. */
  key: env.VITE_SITE_KEY || "blade",
  clientId: env.VITE_CLIENT_ID || "saber",
  clientSecret: env.VITE_CLIENT_SECRET || "saber_secret",
  apiBase: env.VITE_API_BASE ?? "/api",
  tenantId: "000000",
  tenantMode: bool(env.VITE_TENANT_MODE, false),
  captchaMode: bool(env.VITE_CAPTCHA_MODE, true),
  /** Ask for captchas with BladeX's captchaNew?certificate (the browser names the key) instead of captcha. */
  captchaCertificate: bool(env.VITE_CAPTCHA_CERTIFICATE, false),
  switchMode: bool(env.VITE_SWITCH_MODE, false),
  /** Seconds of token age after which the console refreshes it. */
  tokenTime: Number(env.VITE_TOKEN_TIME || 3000),
  tokenCheckIntervalMs: 10_000,
  tokenHeader: "Blade-Auth",
  requestTimeoutMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  statusWhiteList: [] as number[],
  lockPage: "/lock",
  lockDelayMs: 100,
  firstPage: { label: "首页", path: "/workbench/index" },
  pageSizes: [10, 30, 50, 100, 200],
  defaultPageSize: 10,
  upload: { maxSizeMb: 5, maxCount: 1 },
  avatar: { maxKb: 500, types: ["image/jpeg", "image/png"] },
  inputMaxLength: 64,
  textareaMaxLength: 200,
  themeColor: "#409EFF",
  themes: ["default", "white", "dark", "colourful", "smart", "iview", "vip", "cool", "d2", "hey", "lte"],
  errorLogBadgeMax: 99,
  preventDoubleClickMs: 3000,
  consoleThresholdPx: 180,
  referenceScreen: { width: 1920, height: 1080 },
  language: "zh" as "zh" | "en",
  breakpoints: [
    { min: 1200, level: 3 },
    { min: 992, level: 2 },
    { min: 768, level: 1 },
  ],
  sidebarWidth: "14%",
  sidebarCollapsedWidth: 48,
  defaultAvatar: "/avatar.svg",
  /** Third-party sign-in buttons on the login page: the `{source}` of /blade-auth/oauth/render/{source}. */
  socialSources: list(env.VITE_SOCIAL_SOURCES, ["oauth2"]),
  /** The social source /wel signs in with when its query names none (the unified identity provider). */
  unifiedSource: env.VITE_UNIFIED_SOURCE || "unified",
  /** Origins /zf may send the browser to; empty means none (no open redirect). */
  redirectAllowList: origins(list(env.VITE_REDIRECT_ALLOW_LIST, [])),
  /** Seconds before another SMS or mail code may be requested. */
  codeResendSeconds: 60,
} as const;

export type Website = typeof website;
