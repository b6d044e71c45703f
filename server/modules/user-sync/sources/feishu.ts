import { SYNC_DEFAULT_ENDPOINTS, SYNC_DEFAULT_ROOT } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { PlatformClient, endpointOf, scalarAttrs, withCode, type PlatformOptions, type PlatformProfile, type PlatformSourceFactory } from "./http-client";
import { SourceError, type SourceConfig, type SourceDept, type SourceReader, type SourceUser } from "./source";

/**
 * Feishu (飞书, also Lark with its own host) through the open platform's contact v3 API as a
 * custom app: the tenant_access_token from App ID/App Secret, the root department, every
 * department below it (departments/:id/children?fetch_child=true, paged), then each department's
 * direct members (users/find_by_department, paged). Departments are named by open_department_id
 * (stable for the app; a custom department_id as 根部门ID is resolved to it first), users by
 * user_id — which needs the app's 「获取用户 user ID」 permission, said so when it is missing.
 *
 * active: activated, not resigned, not frozen (停用) and not exited.
 */

/** The most items the contact v3 lists answer per page. */
export const FEISHU_MAX_PAGE = 50;

const RATE_CODES = new Set([99991400]);
/** The tenant_access_token is missing, invalid or expired. */
const TOKEN_CODES = new Set([99991661, 99991663, 99991664, 99991668, 99991677]);
const CREDENTIAL_CODES = new Set([10003, 10014, 10012]);

const profileFor = (config: SourceConfig): PlatformProfile => ({
  label: "飞书",
  credentialHint: " App ID 和 App Secret",
  judge({ status, body }) {
    if (status === 429) return { kind: "rate" };
    if (typeof body.code !== "number") return { kind: "error", message: `应答缺少 code(HTTP ${status})` };
    if (body.code === 0) return { kind: "ok" };
    const message = withCode(String(body.msg ?? ""), body.code);
    if (RATE_CODES.has(body.code)) return { kind: "rate" };
    if (TOKEN_CODES.has(body.code)) return { kind: "token", message };
    if (CREDENTIAL_CODES.has(body.code)) return { kind: "credential", message };
    return { kind: "error", message };
  },
  async fetchToken(client) {
    const answer = await client.call<{ tenant_access_token: string; expire: number }>("POST", "/open-apis/auth/v3/tenant_access_token/internal", {
      auth: false,
      body: { app_id: config.principal, app_secret: config.secret },
    });
    return { token: answer.tenant_access_token, expiresIn: Number(answer.expire) || 7200 };
  },
  attachToken(_url, headers, token) {
    headers.set("authorization", `Bearer ${token}`);
  },
});

interface FsDept {
  name: string;
  open_department_id: string;
  department_id?: string;
  parent_department_id?: string;
  order?: string;
  status?: { is_deleted?: boolean };
}
interface FsUser extends Record<string, unknown> {
  user_id?: string;
  department_ids?: string[];
  status?: { is_activated?: boolean; is_resigned?: boolean; is_frozen?: boolean; is_exited?: boolean };
}
interface FsPage<T> {
  data: { has_more?: boolean; page_token?: string; items?: T[] };
}

export const feishuSource: PlatformSourceFactory = (config: SourceConfig, options: PlatformOptions = {}): SourceReader => {
  const client = new PlatformClient(endpointOf(config.endpoint, SYNC_DEFAULT_ENDPOINTS.feishu!), profileFor(config), options);
  const configuredRoot = (config.rootDept || SYNC_DEFAULT_ROOT.feishu!).trim();
  const pageSize = Math.min(Math.max(config.pageSize ?? FEISHU_MAX_PAGE, 1), FEISHU_MAX_PAGE);
  const openType = { department_id_type: "open_department_id" };

  /** Every page of a paged contact v3 list. */
  async function* pages<T>(path: string, query: Record<string, string | number | boolean>): AsyncIterable<T[]> {
    for (let token: string | undefined; ; ) {
      const { data } = await client.call<FsPage<T>>("GET", path, { query: { ...query, page_size: pageSize, page_token: token } });
      yield data?.items ?? [];
      if (!data?.has_more || !data.page_token || data.page_token === token) return;
      token = data.page_token;
    }
  }

  async function rootDepartment(): Promise<FsDept> {
    // "0" is the tenant's root in either id type; od-… is already an open id; anything else is a custom department_id.
    const byCustomId = configuredRoot !== "0" && !configuredRoot.startsWith("od-");
    const { data } = await client.call<{ data: { department: FsDept } }>("GET", `/open-apis/contact/v3/departments/${encodeURIComponent(configuredRoot)}`, {
      query: { department_id_type: byCustomId ? "department_id" : "open_department_id" },
    });
    if (!data?.department) throw new SourceError(`飞书未返回根部门 ${configuredRoot} 的信息,请检查根部门ID和应用的通讯录权限范围`);
    return data.department;
  }

  let tree: Promise<SourceDept[]> | undefined;
  const departments = () => (tree ??= load());

  async function load(): Promise<SourceDept[]> {
    const top = await rootDepartment();
    const rootId = configuredRoot === "0" ? "0" : top.open_department_id;
    const found: SourceDept[] = [{ externalId: rootId, parentExternalId: "", name: top.name || "飞书", sort: 0 }];
    for await (const items of pages<FsDept>(`/open-apis/contact/v3/departments/${encodeURIComponent(rootId)}/children`, { ...openType, fetch_child: true })) {
      for (const dept of items) {
        if (dept.status?.is_deleted || !dept.open_department_id) continue;
        found.push({
          externalId: dept.open_department_id,
          parentExternalId: dept.parent_department_id || rootId,
          name: dept.name,
          sort: Number(dept.order) || 0,
        });
      }
    }
    const ids = new Set(found.map((d) => d.externalId));
    return found.map((d) => (d.externalId !== rootId && !ids.has(d.parentExternalId) ? { ...d, parentExternalId: rootId } : d));
  }

  async function* users(): AsyncIterable<SourceUser[]> {
    const depts = await departments();
    const known = new Set(depts.map((d) => d.externalId));
    const yielded = new Set<string>();
    for (const dept of depts) {
      const query = { ...openType, department_id: dept.externalId, user_id_type: "user_id" };
      for await (const items of pages<FsUser>("/open-apis/contact/v3/users/find_by_department", query)) {
        const page: SourceUser[] = [];
        for (const user of items) {
          const id = user.user_id;
          if (!id) throw new SourceError("飞书未返回用户的 user_id:请在开发者后台为应用开通「获取用户 user ID」权限并发布版本");
          if (yielded.has(id)) continue;
          yielded.add(id);
          const listed = (user.department_ids ?? []).filter((d) => known.has(d));
          const status = user.status ?? {};
          page.push({
            externalId: id,
            attrs: scalarAttrs(user),
            deptExternalIds: listed.includes(dept.externalId) ? listed : [dept.externalId, ...listed],
            active: status.is_activated !== false && !status.is_resigned && !status.is_frozen && !status.is_exited,
          });
        }
        if (page.length) yield page;
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
