import { useContext } from "react";
import { QueryClient, QueryClientContext, useQuery } from "@tanstack/react-query";
import type { FormRule } from "antd";
import { useTranslation } from "react-i18next";
import type { R } from "../../../domain/contract";
import { website } from "../../config/website";
import { getUserInfo } from "../../providers/auth/session";
import { http } from "../../providers/http";
import {
  DEFAULT_PASSWORD_POLICY,
  checkPassword,
  readPasswordRuleSet,
  rulesOfPolicy,
  type PasswordRuleSet,
} from "../../../domain/validation/password-policy";
import { API } from "../../../domain/contract/api";

export const PASSWORD_REGEX_URL = API.get("/blade-system/sysConfig/getPasswordRegex");
/** The query key prefix; the policy page invalidates it after saving. */
export const PASSWORD_RULES_KEY = "passwordRules";

/** For forms rendered outside refine's QueryClientProvider (the sign-in page's dialogs in isolation). */
const ownClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** §5's rules (6–32, not weak): what the form checks until the server answered, or if it cannot. */
const FALLBACK = rulesOfPolicy(DEFAULT_PASSWORD_POLICY);

async function fetchRules(tenantId: string): Promise<PasswordRuleSet> {
  // Public and silent: the sign-in page's dialogs ask before anyone is signed in, and a server
  // without the call (or a gateway answering differently) leaves the form with §5's rules.
  const body = await http.get<R<unknown>>(PASSWORD_REGEX_URL, { silent: true, headers: { "Tenant-Id": tenantId } });
  return readPasswordRuleSet(body?.data) ?? FALLBACK;
}

/**
 * The password rules of the tenant's policy, from getPasswordRegex, for every form where a password
 * is typed (user create, personal centre, find-password, registration). The console and the server
 * judge with the same function (domain/validation/password-policy.ts), so they refuse the same input
 * with the same words. Cached per tenant for a minute and shared by all forms.
 */
export function usePasswordRules(tenantId?: string) {
  const { i18n } = useTranslation();
  const tenant = tenantId || getUserInfo()?.tenant_id || website.tenantId;
  const client = useContext(QueryClientContext) ?? ownClient;
  const options = {
    queryKey: [PASSWORD_RULES_KEY, tenant],
    queryFn: () => fetchRules(tenant).catch(() => FALLBACK),
    staleTime: 60_000,
  };
  const query = useQuery(options, client);
  const lang = i18n.language?.startsWith("en") ? "en" : "zh";
  /** The policy's words for a typed password, or null; waits for the rules if they are still on their way. */
  const check = async (value: unknown): Promise<string | null> => {
    if (typeof value !== "string" || value === "") return null;
    return checkPassword(await client.ensureQueryData(options), value, lang);
  };
  const rule: FormRule = {
    validator: async (_rule, value) => {
      const message = await check(value);
      if (message) throw new Error(message);
    },
  };
  return { rule, check, ruleSet: query.data ?? FALLBACK, loading: query.isLoading };
}
