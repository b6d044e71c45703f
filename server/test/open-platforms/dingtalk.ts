import type { Context } from "hono";
import { SimulatedPlatform, type SimulationOptions } from "./simulation";

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
