import type { Context } from "hono";
import { SimulatedPlatform, type OrgDept, type SimulationOptions } from "./simulation";

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
