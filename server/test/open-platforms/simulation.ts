import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import type { SourceConfig, SourceDept, SourceReader, SourceUser } from "../../modules/user-sync/sources/source";
import type { SyncSource } from "../../../domain/resources/applicationManagement/userSynchronizer/spec";

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
