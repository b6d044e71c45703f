import { website } from "../../config/website";
import type { R } from "../../../domain/contract";
import { http } from "../../providers/http";
import { API } from "../../../domain/contract/api";

export interface SocialSource {
  source: string;
  /** The display name configured in 三方登录 ("" for the translated default). */
  name: string;
}

const SOURCE = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The providers the server offers on the login page to `tenantId` (enabled in that tenant's
 * 三方登录, or configured by its environment). Undefined when it cannot tell — a BladeX gateway
 * without this call, an unknown tenant, a network failure — and the page keeps the build's
 * VITE_SOCIAL_SOURCES.
 */
export async function fetchSocialSources(tenantId: string = website.tenantId): Promise<SocialSource[] | undefined> {
  try {
    const body = await http.get<R<unknown>>(API.get("/blade-system/sysConfig/thirdLoginSources"), {
      params: { tenantId },
      headers: { "Tenant-Id": tenantId },
      meta: { isToken: false },
      silent: true,
    });
    if (!Array.isArray(body?.data)) return undefined;
    return body.data
      .filter((s): s is SocialSource => !!s && typeof s === "object" && SOURCE.test(String((s as SocialSource).source)))
      .map((s) => ({ source: String(s.source), name: typeof s.name === "string" ? s.name.slice(0, 64) : "" }));
  } catch {
    return undefined;
  }
}
