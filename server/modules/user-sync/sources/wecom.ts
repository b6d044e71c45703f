import { SYNC_DEFAULT_ENDPOINTS, SYNC_DEFAULT_ROOT } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { PlatformClient, attachQueryToken, endpointOf, judgeErrcode, queryTokenFetch, scalarAttrs, type PlatformOptions, type PlatformProfile, type PlatformSourceFactory } from "./http-client";
import type { SourceConfig, SourceDept, SourceReader, SourceUser } from "./source";

/**
 * WeCom (企业微信) through its server API (qyapi.weixin.qq.com) with the CorpID and the secret of
 * the contacts app (通讯录同步) or a self-built app: GET /cgi-bin/gettoken, the root and every
 * department below it in one GET /cgi-bin/department/list?id, then each department's direct
 * members by GET /cgi-bin/user/list?fetch_child=0 — one page per department (the API does not page
 * it; user/list_id pages but answers ids only, which would cost a call per user for attributes).
 * A member of several departments is yielded once, with all of them (its `department` list).
 *
 * status: 1 activated, 2 disabled, 4 not activated yet, 5 left the company: only 1 is active.
 */

const RATE_CODES = new Set([-1, 45009, 45011, 45033]);
const TOKEN_CODES = new Set([40014, 41001, 42001]);
const CREDENTIAL_CODES = new Set([40001, 40013, 40091, 40056, 41002, 41004]);

const profileFor = (config: SourceConfig): PlatformProfile => ({
  label: "企业微信",
  credentialHint: "企业ID(CorpID)和应用 Secret",
  judge: judgeErrcode({ rate: RATE_CODES, token: TOKEN_CODES, credential: CREDENTIAL_CODES }),
  fetchToken: queryTokenFetch("/cgi-bin/gettoken", { corpid: config.principal, corpsecret: config.secret }),
  attachToken: attachQueryToken,
});

interface WcDept {
  id: number;
  name: string;
  parentid: number;
  /** Larger first among siblings. */
  order?: number;
}
interface WcUser extends Record<string, unknown> {
  userid: string;
  department?: number[];
  status?: number;
}

export const wecomSource: PlatformSourceFactory = (config: SourceConfig, options: PlatformOptions = {}): SourceReader => {
  const client = new PlatformClient(endpointOf(config.endpoint, SYNC_DEFAULT_ENDPOINTS.wecom!), profileFor(config), options);
  const root = (config.rootDept || SYNC_DEFAULT_ROOT.wecom!).trim();

  let tree: Promise<SourceDept[]> | undefined;
  const departments = () => (tree ??= load());

  async function load(): Promise<SourceDept[]> {
    const { department } = await client.call<{ department: WcDept[] }>("GET", "/cgi-bin/department/list", { query: { id: root } });
    const all = department ?? [];
    const ids = new Set(all.map((d) => String(d.id)));
    // The sort among siblings: WeCom puts the larger order first; ours counts up from 0.
    const rank = new Map<string, number>();
    const siblings = new Map<string, WcDept[]>();
    for (const d of all) {
      const group = siblings.get(String(d.parentid));
      if (group) group.push(d);
      else siblings.set(String(d.parentid), [d]);
    }
    for (const group of siblings.values()) {
      [...group].sort((a, b) => (b.order ?? 0) - (a.order ?? 0)).forEach((d, i) => rank.set(String(d.id), i));
    }
    const mapped = all.map((d) => {
      const id = String(d.id);
      const parent = String(d.parentid);
      return { externalId: id, parentExternalId: id === root || !ids.has(parent) ? "" : parent, name: d.name, sort: rank.get(id) ?? 0 };
    });
    return mapped;
  }

  async function* users(): AsyncIterable<SourceUser[]> {
    const depts = await departments();
    const known = new Set(depts.map((d) => d.externalId));
    const yielded = new Set<string>();
    for (const dept of depts) {
      const { userlist } = await client.call<{ userlist: WcUser[] }>("GET", "/cgi-bin/user/list", {
        query: { department_id: dept.externalId, fetch_child: 0 },
      });
      const page: SourceUser[] = [];
      for (const user of userlist ?? []) {
        const id = String(user.userid ?? "");
        if (!id || yielded.has(id)) continue;
        yielded.add(id);
        const listed = (user.department ?? []).map(String).filter((d) => known.has(d));
        page.push({
          externalId: id,
          attrs: scalarAttrs(user),
          deptExternalIds: listed.includes(dept.externalId) ? listed : [dept.externalId, ...listed],
          active: Number(user.status ?? 1) === 1,
        });
      }
      if (page.length) yield page;
    }
  }

  return {
    departments,
    users,
    async close() {
      client.close();
    },
  };
};
