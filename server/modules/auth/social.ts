import { and, eq } from "drizzle-orm";
import { DEFAULT_TENANT_ID, type TokenResponse } from "../../../domain/contract";
import type { AppContext } from "../../context";
import { isId } from "../../db/ids";
import { user, userOauth } from "../../db/schema";
import { badRequest, invalidGrant } from "../../http/errors";
import { saveBinding, type OauthRow } from "../../security/bindings";
import type { ClientRow } from "../../security/client";
import { isLocked } from "../../security/lockout";
import { consumeState, signState, type BrowserBinding } from "../../security/oauth-state";
import { fetchProfile, type SocialProfile } from "../../social/exchange";
import { resolveProvider, sourceExists } from "../../social/configured";
import { authorizeUrl, type OAuthProvider } from "../../social/providers";
import { MSG_LOCKED, assertCanSignIn, checkTenant, signInScope } from "./checks";
import type { GrantRequest } from "./grants";
import { narrow, startGuestSession, startSession, type UserRow } from "./issue";

export const MSG_UNKNOWN_SOURCE = "不支持的第三方登录";
export const MSG_BAD_STATE = "授权已失效,请重新登录";
export const MSG_SOCIAL_FAILED = "第三方登录失败,请重试";
export const MSG_BOUND_ELSEWHERE = "该第三方账号已绑定其他用户";
export const MSG_IDP_INITIATED = "该第三方登录不支持由第三方平台直接发起,请从登录页重新登录";


/** The tenant's provider of `source` (console configuration, else environment), or 400. */
export async function providerOf(ctx: AppContext, tenantId: string, source: string): Promise<OAuthProvider> {
  const provider = await resolveProvider(ctx, tenantId, source);
  if (!provider) throw badRequest(`${MSG_UNKNOWN_SOURCE}: ${source.slice(0, 32)}`);
  return provider;
}

/** render/{source} and bind/{source}: the authorise URL with a fresh state. */
export async function socialUrl(ctx: AppContext, source: string, tenantId: string, bindUserId?: string): Promise<{ url: string; browser: BrowserBinding }> {
  const provider = await providerOf(ctx, tenantId, source);
  const { state, browser } = await signState(ctx, { source, tenantId, bindUserId });
  return { url: authorizeUrl(provider, state), browser };
}

async function liveUser(ctx: AppContext, tenantId: string, id: string | null): Promise<UserRow | undefined> {
  if (!id || !isId(id)) return undefined;
  return (await signInScope(ctx, tenantId).repo(user).list(eq(user.id, id)))[0];
}

async function exchange(ctx: AppContext, provider: OAuthProvider, code: string): Promise<SocialProfile> {
  try {
    return await fetchProfile(ctx.fetch, provider, code);
  } catch (error) {
    ctx.logError(error, `social sign-in ${provider.source}`);
    throw invalidGrant(MSG_SOCIAL_FAILED);
  }
}

/**
 * grant_type=social: check the state, exchange the code at the provider, then sign in the bound
 * user; an unbound identity gets a guest session (user_id -1, oauth_id) that can only register.
 * A state from bind/{source} binds the identity to the user who asked for it.
 */
export async function socialGrant(
  ctx: AppContext,
  req: GrantRequest,
  client: ClientRow,
  named: string | undefined,
  chosen: { deptId?: string; roleId?: string },
): Promise<TokenResponse> {
  const source = (req.params.source ?? "").trim();
  // Which providers exist depends on the tenant (console configuration): the one the request names
  // answers an unknown source at once; the state's tenant decides below.
  const first = await resolveProvider(ctx, named ?? DEFAULT_TENANT_ID, source);
  if (!first && (!req.params.state || !(await sourceExists(ctx, source)))) throw invalidGrant(MSG_UNKNOWN_SOURCE);
  const code = (req.params.code ?? "").trim();
  if (!code || code.length > 2048) throw invalidGrant(MSG_SOCIAL_FAILED);
  let tenantId: string;
  let bindUserId: string | undefined;
  let provider: OAuthProvider | undefined;
  if (req.params.state) {
    const state = await consumeState(ctx, req.params.state, req.header("cookie"));
    if (!state || state.source !== source || (named !== undefined && named !== state.tenantId)) throw invalidGrant(MSG_BAD_STATE);
    ({ tenantId, bindUserId } = state);
    provider = await resolveProvider(ctx, tenantId, source);
    if (!provider) throw invalidGrant(MSG_UNKNOWN_SOURCE);
  } else if (first?.idpInitiated) {
    // Only for a provider its operator marked as a trusted portal: nothing ties this code to the
    // browser presenting it, so it never binds an identity (no bind state) and is never the default.
    tenantId = named ?? DEFAULT_TENANT_ID;
    provider = first;
  } else {
    // A code without our state was not started here (IdP-initiated) or its state was stripped:
    // refused before the code is exchanged, so a link carrying someone's code signs nobody in.
    throw invalidGrant(MSG_IDP_INITIATED);
  }
  await checkTenant(ctx, tenantId);
  const profile = await exchange(ctx, provider, code);
  const inTenant = signInScope(ctx, tenantId);
  const [existing] = await inTenant.owned(userOauth).list(and(eq(userOauth.source, source), eq(userOauth.uuid, profile.uuid)));
  const boundUser = await liveUser(ctx, tenantId, existing?.userId ?? null);

  let target: UserRow | undefined;
  let binding: OauthRow;
  if (bindUserId) {
    target = await liveUser(ctx, tenantId, bindUserId);
    if (!target) throw invalidGrant(MSG_BAD_STATE);
    if (boundUser && boundUser.id !== target.id) throw invalidGrant(MSG_BOUND_ELSEWHERE);
    binding = await saveBinding(inTenant, source, profile, target.id);
  } else {
    target = boundUser;
    // A binding whose user was deleted is free again.
    binding = await saveBinding(inTenant, source, profile, boundUser ? undefined : null);
  }
  const origin = { ip: req.ip, userAgent: req.userAgent };
  if (!target) {
    const { username, nickname, avatar } = binding;
    return startGuestSession(ctx, client, { tenantId, oauthId: binding.id, username, nickname, avatar }, origin);
  }
  if (await isLocked(ctx, tenantId, target.account, ctx.now())) throw invalidGrant(MSG_LOCKED);
  assertCanSignIn(target);
  return startSession(ctx, { client, user: target, oauthId: binding.id, ...narrow(target, chosen) }, origin);
}

/** user-info of a guest session: the third-party account, as far as it is known. */
export async function guestInfo(ctx: AppContext, tenantId: string, oauthId: string) {
  const rows = isId(oauthId) ? await signInScope(ctx, tenantId).owned(userOauth).list(eq(userOauth.id, oauthId)) : [];
  const row = rows[0];
  if (!row) throw badRequest("第三方账号不存在");
  return {
    id: "-1",
    tenantId,
    account: row.username,
    name: row.nickname,
    realName: row.nickname,
    avatar: row.avatar,
    email: row.email,
    oauthId: row.id,
    source: row.source,
  };
}
