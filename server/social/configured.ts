import { and, eq } from "drizzle-orm";
import { DEFAULT_TENANT_ID } from "../../domain/contract";
import { THIRD_LOGIN_PRESETS } from "../../domain/resources/system/thirdPartyLogin/spec";
import type { AppContext } from "../context";
import { thirdLogin } from "../db/schema";
import { dbOf } from "../security/handle";
import { SecretError } from "../security/secrets";
import { SOURCE_PATTERN, type OAuthProvider } from "./providers";

/**
 * Which providers a tenant's sign-in offers: those configured in the console (三方登录) first — the
 * tenant's own rows, then the platform's (tenant 000000) — and the environment's (BLADE_OAUTH_*)
 * for sources the database does not mention. A disabled row hides its source, whatever the
 * environment says: switching a provider off in the console must really switch it off.
 */
export const CLIENT_SECRET_FIELD = "thirdLogin.clientSecret";

export type ThirdLoginRow = typeof thirdLogin.$inferSelect;

export function toProvider(row: ThirdLoginRow, ctx: Pick<AppContext, "secrets">): OAuthProvider {
  const preset = THIRD_LOGIN_PRESETS[row.source];
  return {
    source: row.source,
    clientId: row.clientId,
    clientSecret: ctx.secrets.openOptional(row.clientSecret, CLIENT_SECRET_FIELD),
    authorizeUrl: row.authorizeUrl || preset?.authorizeUrl || "",
    tokenUrl: row.tokenUrl || preset?.tokenUrl || "",
    userInfoUrl: row.userInfoUrl || preset?.userInfoUrl || "",
    redirectUri: row.redirectUri,
    scope: row.scope || preset?.scope || "",
    clientAuth: row.clientAuth === "basic" ? "basic" : "post",
    idpInitiated: false,
  };
}

const tenantsOf = (tenantId: string) => (tenantId === DEFAULT_TENANT_ID ? [tenantId] : [tenantId, DEFAULT_TENANT_ID]);

async function rowsOf(ctx: AppContext, tenantId: string, source?: string): Promise<ThirdLoginRow[]> {
  return ctx.system(tenantId)
    .repo(thirdLogin)
    .list(source === undefined ? undefined : eq(thirdLogin.source, source));
}

/** The provider of `source` for a sign-in in `tenantId`, or undefined when it is not offered there. */
export async function resolveProvider(ctx: AppContext, tenantId: string, source: string): Promise<OAuthProvider | undefined> {
  if (!SOURCE_PATTERN.test(source)) return undefined;
  for (const t of tenantsOf(tenantId)) {
    const [row] = await rowsOf(ctx, t, source);
    if (!row) continue;
    if (row.status !== 1) return undefined;
    try {
      return toProvider(row, ctx);
    } catch (error) {
      // A secret sealed under another key: the provider is unusable until its secret is typed again.
      if (!(error instanceof SecretError)) throw error;
      ctx.logError(error, `third-party login ${source} of tenant ${t}`);
      return undefined;
    }
  }
  return ctx.oauthProviders.get(source);
}

/**
 * Whether any tenant offers `source` (the environment, or an enabled row anywhere): a sign-in that
 * names a source nobody has is refused as unknown before its state is looked at.
 */
export async function sourceExists(ctx: AppContext, source: string): Promise<boolean> {
  if (!SOURCE_PATTERN.test(source)) return false;
  if (ctx.oauthProviders.has(source)) return true;
  const rows = await dbOf(ctx)
    .select({ id: thirdLogin.id })
    .from(thirdLogin)
    .where(and(eq(thirdLogin.source, source), eq(thirdLogin.status, 1), eq(thirdLogin.isDeleted, 0)))
    .limit(1);
  return rows.length > 0;
}

export interface OfferedSource {
  source: string;
  /** The display name configured in the console ("" for the environment's). */
  name: string;
}

/** The sources the login page offers in `tenantId`: names only, nothing of the clients. */
export async function offeredSources(ctx: AppContext, tenantId: string): Promise<OfferedSource[]> {
  const decided = new Map<string, OfferedSource | null>();
  for (const t of tenantsOf(tenantId)) {
    for (const row of await rowsOf(ctx, t)) {
      if (!decided.has(row.source)) decided.set(row.source, row.status === 1 ? { source: row.source, name: row.name } : null);
    }
  }
  // A portal's landing (sign-ins the provider starts) is no button of the login page.
  for (const p of ctx.oauthProviders.values()) if (!decided.has(p.source) && !p.idpInitiated) decided.set(p.source, { source: p.source, name: "" });
  return [...decided.values()].filter((s): s is OfferedSource => s !== null).sort((a, b) => a.source.localeCompare(b.source));
}
