import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import type { SourceConfig, SourceDept, SourceReader, SourceUser } from "../modules/user-sync/sources/source";
import type { SyncSource } from "../../domain/resources/applicationManagement/userSynchronizer/spec";

/**
 * DingTalk, WeCom and Feishu open platforms simulated from an org chart, for the user-sync tests:
 * each answers the calls the sources make with the platform's own shapes — its token call and token
 * checks (a wrong secret gets the platform's credential error, a used-up token its "expired"
 * answer), its paging (cursor / page_token, with a page size smaller than the platform's to force
 * several pages from a small chart, and its error when asked for more than its maximum), its
 * rate-limit answer for the first N calls, and an error mode (a gateway's HTML page, or the
 * platform's "no permission" answer).
 *
 * Reach one through `platform.fetch` (handed to the source as its fetch, no network) or a real
 * HTTP server on a free local port (`await platform.listen()`, then `platform.origin`).
 *
 *   const dingtalk = new SimulatedDingTalk({ chart: orgChart("1"), pageSize: 2, rateLimit: 1 });
 *   const reader = dingtalkSource(dingtalk.config(), { fetch: dingtalk.fetch });
 */

export interface OrgDept {
  id: string;
  /** "" for the root (DingTalk/WeCom "1", Feishu "0"). */
  parentId: string;
  name: string;
  order?: number;
}

/** disabled: turned off by an administrator; inactive: never activated the app; left: gone from the company. */
export type OrgUserState = "active" | "disabled" | "inactive" | "left";

export interface OrgUser {
  id: string;
  name: string;
  deptIds: string[];
  mobile?: string;
  email?: string;
  employeeNo?: string;
  title?: string;
  state?: OrgUserState;
}

export interface OrgChart {
  depts: OrgDept[];
  users: OrgUser[];
}

export interface SimulationOptions {
  chart: OrgChart;
  /** The app credentials the platform accepts: AppKey / CorpID / App ID and the secret. */
  key?: string;
  secret?: string;
  /** The most items one page holds (capped by the platform's own maximum). */
  pageSize?: number;
  /** The first N calls (the token call included) answer the platform's rate-limit error. */
  rateLimit?: number;
  /** A token is answered as expired after this many calls made with it. */
  tokenUses?: number;
  /** Every answer waits this long first (for timeouts; only meaningful over listen()). */
  delayMs?: number;
}

/** html: a gateway's 502 page instead of JSON; platform: the platform's error answer (no permission by default). */
export type FailMode = { kind: "html" } | { kind: "platform"; code?: number; message?: string };

export const SIM_KEY = "sim-app-key";
export const SIM_SECRET = "sim-app-secret";

/**
 * A small org chart with every case a source must handle: a tree three deep, members directly in
 * the root, one person in two departments, a disabled, a never-activated and a departed person,
 * and enough people in 研发部 to take several pages at a page size of 2.
 */
export function orgChart(rootId: string): OrgChart {
  const depts: OrgDept[] = [
    { id: rootId, parentId: "", name: "示例科技有限公司" },
    { id: "100", parentId: rootId, name: "研发部", order: 1 },
    { id: "200", parentId: rootId, name: "市场部", order: 2 },
    { id: "110", parentId: "100", name: "前端组", order: 1 },
  ];
  const person = (n: number, name: string, deptIds: string[], state?: OrgUserState): OrgUser => ({
    id: `u${n}`,
    name,
    deptIds,
    mobile: `1380000000${n}`,
    email: `u${n}@example.com`,
    employeeNo: `E10${n}`,
    title: "工程师",
    state,
  });
  const users = [
    person(1, "张三", ["100"]),
    person(2, "李四", ["100", "200"]),
    person(3, "王五", ["110"], "disabled"),
    person(4, "赵六", ["110"], "inactive"),
    person(5, "钱七", [rootId]),
    person(6, "孙八", ["200"], "left"),
    person(7, "周九", ["100"]),
    person(8, "吴十", ["100"]),
  ];
  return { depts, users };
}

/** Everything a reader gives, with the number of pages its users came in. */
export async function readAll(reader: SourceReader): Promise<{ depts: SourceDept[]; users: SourceUser[]; pages: number }> {
  try {
    const depts = await reader.departments();
    const users: SourceUser[] = [];
    let pages = 0;
    for await (const page of reader.users()) {
      pages += 1;
      users.push(...page);
    }
    return { depts, users, pages };
  } finally {
    await reader.close();
  }
}

export abstract class SimulatedPlatform {
  readonly app = new Hono();
  chart: OrgChart;
  readonly key: string;
  readonly secret: string;
  pageSize: number;
  /** Calls still to answer with the rate-limit error. */
  rateLimit: number;
  tokenUses: number;
  delayMs: number;
  /** Set (or clear) at any time: every call but the token call fails this way. */
  failMode: FailMode | null = null;
  /** Each call seen, as "METHOD /path" (no query): for assertions on paging and token fetches. */
  readonly calls: string[] = [];
  /** Where the sources reach it: a made-up host for `fetch`, the local server after listen(). */
  origin: string;
  /** Hand this to a source as its fetch: the request goes to the simulated platform, no network. */
  readonly fetch: typeof fetch = async (input, init) => this.app.fetch(new Request(input, init));
  protected abstract readonly source: SyncSource;
  protected abstract readonly maxPage: number;
  protected abstract readonly tokenPath: string;

  private readonly tokens = new Map<string, { uses: number; expired: boolean }>();
  private server: ReturnType<typeof serve> | undefined;
  private tokenCount = 0;

  constructor(options: SimulationOptions, origin: string) {
    this.chart = options.chart;
    this.key = options.key ?? SIM_KEY;
    this.secret = options.secret ?? SIM_SECRET;
    this.pageSize = options.pageSize ?? Number.MAX_SAFE_INTEGER;
    this.rateLimit = options.rateLimit ?? 0;
    this.tokenUses = options.tokenUses ?? Number.MAX_SAFE_INTEGER;
    this.delayMs = options.delayMs ?? 0;
    this.origin = origin;
    this.app.use(async (c, next) => {
      const path = new URL(c.req.url).pathname;
      this.calls.push(`${c.req.method} ${path}`);
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      if (this.rateLimit > 0) {
        this.rateLimit -= 1;
        return this.rateLimited(c, path === this.tokenPath);
      }
      if (this.failMode && path !== this.tokenPath) {
        if (this.failMode.kind === "html") return c.html("<html><body><h1>502 Bad Gateway</h1></body></html>", 502);
        return this.refused(c, this.failMode.code, this.failMode.message);
      }
      return next();
    });
  }

  /** How many access tokens the platform has issued. */
  get tokensIssued(): number {
    return this.tokenCount;
  }

  /** Every token issued so far is answered as expired from now on (a platform-side expiry mid-run). */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expired = true;
  }

  /** The synchroniser settings that reach this platform. */
  config(overrides: Partial<SourceConfig> = {}): SourceConfig {
    return {
      sourceType: this.source,
      endpoint: this.origin,
      tls: "none",
      principal: this.key,
      secret: this.secret,
      userBaseDn: "",
      userFilter: "",
      deptBaseDn: "",
      deptFilter: "",
      rootDept: this.root().id,
      attributes: [],
      ...overrides,
    };
  }

  /** Serves the platform on a free local port; origin then points at it. */
  async listen(): Promise<string> {
    const info = await new Promise<AddressInfo>((resolve) => {
      this.server = serve({ fetch: this.app.fetch, port: 0, hostname: "127.0.0.1" }, resolve);
    });
    this.origin = `http://127.0.0.1:${info.port}`;
    return this.origin;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  protected abstract rateLimited(c: Context, tokenCall: boolean): Response;
  protected abstract refused(c: Context, code?: number, message?: string): Response;

  protected issueToken(): string {
    this.tokenCount += 1;
    const token = `${this.source}-token-${this.tokenCount}`;
    this.tokens.set(token, { uses: 0, expired: false });
    return token;
  }

  /** Counts one use of the token; what the platform would say about it. */
  protected checkToken(token: string | undefined): "ok" | "invalid" | "expired" {
    const held = token ? this.tokens.get(token) : undefined;
    if (!held) return "invalid";
    if (held.expired || held.uses >= this.tokenUses) {
      held.expired = true;
      return "expired";
    }
    held.uses += 1;
    return "ok";
  }

  protected root(): OrgDept {
    const root = this.chart.depts.find((d) => d.parentId === "");
    if (!root) throw new Error("the org chart needs a root department (parentId \"\")");
    return root;
  }

  protected dept(id: string): OrgDept | undefined {
    return this.chart.depts.find((d) => d.id === id);
  }

  protected children(id: string): OrgDept[] {
    return this.chart.depts.filter((d) => d.parentId === id).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  }

  /** The department and every one below it, breadth-first. */
  protected subtree(id: string): OrgDept[] {
    const out = [this.dept(id)!];
    for (let i = 0; i < out.length; i++) out.push(...this.children(out[i].id));
    return out;
  }

  /** Direct members, in chart order; those who left are listed only where the platform keeps them. */
  protected members(deptId: string, withLeft = false): OrgUser[] {
    return this.chart.users.filter((u) => u.deptIds.includes(deptId) && (withLeft || u.state !== "left"));
  }

  /** The items of one page from an offset, and where the next page starts (undefined: the last page). */
  protected page<T>(items: T[], offset: number, asked: number): { items: T[]; next?: number } {
    const size = Math.min(asked, this.pageSize);
    const end = offset + size;
    return { items: items.slice(offset, end), next: end < items.length ? end : undefined };
  }
}

/** DingTalk: oapi.dingtalk.com, errcode/errmsg answers, topapi errors wrapped as 88 + sub_code. */
export class SimulatedDingTalk extends SimulatedPlatform {
  protected readonly source = "dingtalk" as const;
  protected readonly maxPage = 100;
  protected readonly tokenPath = "/gettoken";

  constructor(options: SimulationOptions, origin = "https://oapi.dingtalk.test") {
    super(options, origin);
    this.app.get("/gettoken", (c) => {
      if (c.req.query("appkey") !== this.key || c.req.query("appsecret") !== this.secret) {
        return c.json({ errcode: 40089, errmsg: "不合法的appKey或appSecret" });
      }
      return c.json({ errcode: 0, errmsg: "ok", access_token: this.issueToken(), expires_in: 7200 });
    });
    this.app.post("/topapi/v2/department/get", (c) => this.authed(c, async () => {
      const dept = this.dept(String((await c.req.json()).dept_id));
      if (!dept) return this.subError(c, 60003, "部门不存在");
      return c.json({ errcode: 0, errmsg: "ok", result: { dept_id: Number(dept.id), name: dept.name, parent_id: dept.parentId ? Number(dept.parentId) : undefined, order: dept.order ?? 0 } });
    }));
    this.app.post("/topapi/v2/department/listsub", (c) => this.authed(c, async () => {
      const id = String((await c.req.json()).dept_id);
      if (!this.dept(id)) return this.subError(c, 60003, "部门不存在");
      const result = this.children(id).map((d) => ({ dept_id: Number(d.id), name: d.name, parent_id: Number(id), create_dept_group: false, auto_add_user: false }));
      return c.json({ errcode: 0, errmsg: "ok", result, request_id: "sim" });
    }));
    this.app.post("/topapi/v2/user/list", (c) => this.authed(c, async () => {
      const body = await c.req.json();
      const id = String(body.dept_id);
      const size = Number(body.size);
      if (!Number.isInteger(size) || size < 1 || size > this.maxPage) return this.subError(c, 400002, "size 参数不合法,取值范围 1~100");
      if (!this.dept(id)) return this.subError(c, 60003, "部门不存在");
      const { items, next } = this.page(this.members(id), Number(body.cursor) || 0, size);
      const list = items.map((u) => ({
        userid: u.id,
        unionid: `union-${u.id}`,
        name: u.name,
        mobile: u.mobile ?? "",
        state_code: "86",
        email: u.email ?? "",
        job_number: u.employeeNo ?? "",
        title: u.title ?? "",
        dept_id_list: u.deptIds.map(Number),
        active: (u.state ?? "active") === "active",
        admin: false,
        boss: false,
        leader: false,
        hide_mobile: false,
      }));
      return c.json({ errcode: 0, errmsg: "ok", result: { has_more: next !== undefined, next_cursor: next, list } });
    }));
  }

  private async authed(c: Context, handle: () => Promise<Response>): Promise<Response> {
    const verdict = this.checkToken(c.req.query("access_token"));
    if (verdict === "invalid") return this.subError(c, 40014, "不合法的access_token");
    if (verdict === "expired") return this.subError(c, 42001, "access_token超时");
    return handle();
  }

  private subError(c: Context, code: number, message: string): Response {
    return c.json({ errcode: 88, errmsg: `ding talk error[subcode=${code},submsg=${message}]`, sub_code: String(code), sub_msg: message, request_id: "sim" });
  }

  protected rateLimited(c: Context, tokenCall: boolean): Response {
    const message = "当前企业调用该接口的QPS超过了限制";
    return tokenCall ? c.json({ errcode: 90018, errmsg: message }) : this.subError(c, 90018, message);
  }

  protected refused(c: Context, code = 60011, message = "没有调用该接口的权限"): Response {
    return this.subError(c, code, message);
  }
}

/** WeCom: qyapi.weixin.qq.com, errcode/errmsg answers in English, user/list not paged. */
export class SimulatedWeCom extends SimulatedPlatform {
  protected readonly source = "wecom" as const;
  protected readonly maxPage = Number.MAX_SAFE_INTEGER;
  protected readonly tokenPath = "/cgi-bin/gettoken";

  constructor(options: SimulationOptions, origin = "https://qyapi.weixin.test") {
    super(options, origin);
    this.app.get("/cgi-bin/gettoken", (c) => {
      if (c.req.query("corpid") !== this.key) return c.json({ errcode: 40013, errmsg: "invalid corpid" });
      if (c.req.query("corpsecret") !== this.secret) return c.json({ errcode: 40001, errmsg: "invalid credential, access_token is invalid or not latest" });
      return c.json({ errcode: 0, errmsg: "ok", access_token: this.issueToken(), expires_in: 7200 });
    });
    this.app.get("/cgi-bin/department/list", (c) => this.authed(c, () => {
      const id = c.req.query("id") || this.root().id;
      if (!this.dept(id)) return c.json({ errcode: 60123, errmsg: "invalid party id" });
      // WeCom puts the larger order first; the chart's order counts up, so turn it round.
      const department = this.subtree(id).map((d) => ({
        id: Number(d.id), name: d.name, name_en: "", department_leader: [], parentid: d.parentId ? Number(d.parentId) : 0, order: 100000000 - (d.order ?? 0),
      }));
      return c.json({ errcode: 0, errmsg: "ok", department });
    }));
    this.app.get("/cgi-bin/user/list", (c) => this.authed(c, () => {
      const id = c.req.query("department_id") ?? "";
      if (!this.dept(id)) return c.json({ errcode: 60123, errmsg: "invalid party id" });
      const members = c.req.query("fetch_child") === "1" ? this.subtree(id).flatMap((d) => this.members(d.id, true)) : this.members(id, true);
      const status = { active: 1, disabled: 2, inactive: 4, left: 5 } as const;
      const userlist = [...new Set(members)].map((u) => ({
        userid: u.id,
        name: u.name,
        department: u.deptIds.map(Number),
        order: u.deptIds.map(() => 0),
        position: u.title ?? "",
        mobile: u.mobile ?? "",
        gender: "1",
        email: u.email ?? "",
        status: status[u.state ?? "active"],
        main_department: Number(u.deptIds[0]),
        alias: "",
        open_userid: `wo-${u.id}`,
      }));
      return c.json({ errcode: 0, errmsg: "ok", userlist });
    }));
  }

  private async authed(c: Context, handle: () => Response): Promise<Response> {
    const verdict = this.checkToken(c.req.query("access_token"));
    if (verdict === "invalid") return c.json({ errcode: 40014, errmsg: "invalid access_token" });
    if (verdict === "expired") return c.json({ errcode: 42001, errmsg: "access_token expired" });
    return handle();
  }

  protected rateLimited(c: Context): Response {
    return c.json({ errcode: 45009, errmsg: "api freq out of limit" });
  }

  protected refused(c: Context, code = 60011, message = "no privilege to access/modify contact/party/agent"): Response {
    return c.json({ errcode: code, errmsg: message });
  }
}

/** Feishu: open.feishu.cn, code/msg answers (HTTP 400/429 on errors), open_department_id "od-…", page_token paging. */
export class SimulatedFeishu extends SimulatedPlatform {
  protected readonly source = "feishu" as const;
  protected readonly maxPage = 50;
  protected readonly tokenPath = "/open-apis/auth/v3/tenant_access_token/internal";

  constructor(options: SimulationOptions, origin = "https://open.feishu.test") {
    super(options, origin);
    this.app.post(this.tokenPath, async (c) => {
      const body = await c.req.json().catch(() => ({}));
      if (body.app_id !== this.key) return c.json({ code: 10003, msg: "invalid param" }, 400);
      if (body.app_secret !== this.secret) return c.json({ code: 10014, msg: "app secret invalid" }, 400);
      return c.json({ code: 0, msg: "ok", tenant_access_token: this.issueToken(), expire: 7200 });
    });
    this.app.get("/open-apis/contact/v3/departments/:id/children", (c) => this.authed(c, () => {
      const dept = this.resolve(c.req.param("id"), c.req.query("department_id_type"));
      if (!dept) return this.error(c, 40003, "department not found", 400);
      const all = c.req.query("fetch_child") === "true" ? this.subtree(dept.id).slice(1) : this.children(dept.id);
      return this.paged(c, all.map((d) => this.deptRecord(d)));
    }));
    this.app.get("/open-apis/contact/v3/departments/:id", (c) => this.authed(c, () => {
      const dept = this.resolve(c.req.param("id"), c.req.query("department_id_type"));
      if (!dept) return this.error(c, 40003, "department not found", 400);
      return c.json({ code: 0, msg: "success", data: { department: this.deptRecord(dept) } });
    }));
    this.app.get("/open-apis/contact/v3/users/find_by_department", (c) => this.authed(c, () => {
      const dept = this.resolve(c.req.query("department_id") ?? "", c.req.query("department_id_type"));
      if (!dept) return this.error(c, 40003, "department not found", 400);
      return this.paged(c, this.members(dept.id).map((u) => ({
        union_id: `on_${u.id}`,
        user_id: u.id,
        open_id: `ou_${u.id}`,
        name: u.name,
        en_name: "",
        email: u.email ?? "",
        mobile: u.mobile ? `+86${u.mobile}` : "",
        employee_no: u.employeeNo ?? "",
        job_title: u.title ?? "",
        department_ids: u.deptIds.map((id) => this.openId(id)),
        status: {
          is_activated: u.state !== "inactive",
          is_frozen: u.state === "disabled",
          is_resigned: false,
          is_exited: false,
          is_unjoin: u.state === "inactive",
        },
      })));
    }));
  }

  /** The open id the platform names a department by ("0" stays the root). */
  openId(id: string): string {
    return id === this.root().id ? "0" : `od-${id}`;
  }

  private resolve(id: string, type = "open_department_id"): OrgDept | undefined {
    if (id === "0") return this.root();
    if (type === "department_id") return this.dept(id);
    return id.startsWith("od-") ? this.dept(id.slice(3)) : undefined;
  }

  private deptRecord(d: OrgDept) {
    return {
      name: d.name,
      i18n_name: { zh_cn: d.name },
      department_id: d.id === this.root().id ? "0" : d.id,
      open_department_id: this.openId(d.id),
      parent_department_id: d.parentId ? this.openId(d.parentId) : "",
      order: String(d.order ?? 0),
      status: { is_deleted: false },
      member_count: this.members(d.id).length,
    };
  }

  private paged(c: Context, all: unknown[]): Response {
    const asked = Number(c.req.query("page_size") ?? 10);
    if (!Number.isInteger(asked) || asked < 1 || asked > this.maxPage) {
      return this.error(c, 99992402, "field validation failed: page_size must be between 1 and 50", 400);
    }
    const token = c.req.query("page_token");
    const offset = token ? Number(Buffer.from(token, "base64url").toString()) : 0;
    const { items, next } = this.page(all, offset, asked);
    const data = next === undefined ? { has_more: false, items } : { has_more: true, page_token: Buffer.from(String(next)).toString("base64url"), items };
    return c.json({ code: 0, msg: "success", data });
  }

  private async authed(c: Context, handle: () => Response): Promise<Response> {
    const token = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const verdict = this.checkToken(token);
    if (verdict === "invalid") return this.error(c, 99991663, "Invalid access token for authorization. Please make a request with token attached.", 400);
    if (verdict === "expired") return this.error(c, 99991677, "Authentication token expired.", 400);
    return handle();
  }

  private error(c: Context, code: number, msg: string, status: 400 | 403 | 429): Response {
    return c.json({ code, msg }, status);
  }

  protected rateLimited(c: Context): Response {
    c.header("x-ogw-ratelimit-limit", "50");
    c.header("x-ogw-ratelimit-reset", "1");
    return this.error(c, 99991400, "request trigger frequency limit", 429);
  }

  protected refused(c: Context, code = 99991672, message = "Access denied. One of the following scopes is required: [contact:contact.base:readonly]."): Response {
    return this.error(c, code, message, 403);
  }
}
