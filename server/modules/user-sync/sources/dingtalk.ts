import { SYNC_DEFAULT_ENDPOINTS, SYNC_DEFAULT_ROOT } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { PlatformClient, attachQueryToken, endpointOf, judgeErrcode, queryTokenFetch, scalarAttrs, type PlatformOptions, type PlatformProfile, type PlatformSourceFactory } from "./http-client";
import { SourceError, type SourceConfig, type SourceDept, type SourceReader, type SourceUser } from "./source";

/**
 * DingTalk (钉钉) through its open platform (oapi.dingtalk.com), as an internal app with
 * AppKey/AppSecret: GET /gettoken, departments by /topapi/v2/department/listsub walked breadth-first
 * from the root (the root itself from /topapi/v2/department/get), users by /topapi/v2/user/list per
 * department with its cursor. A user in several departments is listed under each: the first sighting
 * is yielded with all its departments (dept_id_list), later ones are skipped.
 *
 * active: the platform's `active` flag (the employee has activated DingTalk). Dismissed employees
 * are no longer listed at all, so the engine sees them as gone from the source.
 */

/** The most users /topapi/v2/user/list answers per call. */
export const DINGTALK_MAX_PAGE = 100;

/** errcode (or sub_code under 88) answers meaning "too many calls" or "busy, try again". */
const RATE_CODES = new Set([-1, 90002, 90005, 90006, 90008, 90018, 90019]);
/** The access token is expired or invalid: a fresh one may work. */
const TOKEN_CODES = new Set([40014, 41001, 42001]);
/** The AppKey/AppSecret are refused. */
const CREDENTIAL_CODES = new Set([40001, 40013, 40089, 40096, 43003]);

const profileFor = (config: SourceConfig): PlatformProfile => ({
  label: "钉钉",
  credentialHint: " AppKey 和 AppSecret",
  judge: judgeErrcode({ rate: RATE_CODES, token: TOKEN_CODES, credential: CREDENTIAL_CODES }),
  fetchToken: queryTokenFetch("/gettoken", { appkey: config.principal, appsecret: config.secret }),
  attachToken: attachQueryToken,
});

interface DtDept {
  dept_id: number;
  name: string;
  parent_id?: number;
  order?: number;
}
interface DtUser extends Record<string, unknown> {
  userid: string;
  dept_id_list?: number[];
  active?: boolean;
}

export const dingtalkSource: PlatformSourceFactory = (config: SourceConfig, options: PlatformOptions = {}): SourceReader => {
  const client = new PlatformClient(endpointOf(config.endpoint, SYNC_DEFAULT_ENDPOINTS.dingtalk!), profileFor(config), options);
  const root = (config.rootDept || SYNC_DEFAULT_ROOT.dingtalk!).trim();
  const pageSize = Math.min(Math.max(config.pageSize ?? DINGTALK_MAX_PAGE, 1), DINGTALK_MAX_PAGE);
  const deptId = (id: string) => {
    if (!/^\d+$/.test(id)) throw new SourceError(`钉钉的部门ID须是数字:${id}`);
    return Number(id);
  };

  let tree: Promise<SourceDept[]> | undefined;
  const departments = () => (tree ??= walk());

  async function walk(): Promise<SourceDept[]> {
    const top = await client.call<{ result: DtDept }>("POST", "/topapi/v2/department/get", { body: { dept_id: deptId(root), language: "zh_CN" } });
    const found: SourceDept[] = [{ externalId: root, parentExternalId: "", name: top.result.name, sort: top.result.order ?? 0 }];
    const seen = new Set([root]);
    // Breadth-first: parents always come before their children.
    for (let next = 0; next < found.length; next++) {
      const parent = found[next].externalId;
      const { result } = await client.call<{ result: DtDept[] }>("POST", "/topapi/v2/department/listsub", { body: { dept_id: deptId(parent), language: "zh_CN" } });
      (result ?? []).forEach((dept, index) => {
        const id = String(dept.dept_id);
        if (seen.has(id)) return;
        seen.add(id);
        found.push({ externalId: id, parentExternalId: parent, name: dept.name, sort: dept.order ?? index });
      });
    }
    return found;
  }

  async function* users(): AsyncIterable<SourceUser[]> {
    const depts = await departments();
    const known = new Set(depts.map((d) => d.externalId));
    // Only ids, to skip a user met again under another department: memory grows by an id per user.
    const yielded = new Set<string>();
    for (const dept of depts) {
      for (let cursor = 0; ; ) {
        const { result } = await client.call<{ result: { has_more: boolean; next_cursor?: number; list: DtUser[] } }>(
          "POST", "/topapi/v2/user/list",
          { body: { dept_id: deptId(dept.externalId), cursor, size: pageSize, contain_access_limit: false, language: "zh_CN" } },
        );
        const page: SourceUser[] = [];
        for (const user of result.list ?? []) {
          const id = String(user.userid ?? "");
          if (!id || yielded.has(id)) continue;
          yielded.add(id);
          const listed = (user.dept_id_list ?? []).map(String).filter((d) => known.has(d));
          page.push({
            externalId: id,
            attrs: scalarAttrs(user),
            deptExternalIds: listed.includes(dept.externalId) ? listed : [dept.externalId, ...listed],
            active: user.active !== false,
          });
        }
        if (page.length) yield page;
        if (!result.has_more || result.next_cursor === undefined || result.next_cursor === cursor) break;
        cursor = result.next_cursor;
      }
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
