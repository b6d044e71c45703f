import type { Context } from "hono";
import { SimulatedPlatform, type SimulationOptions } from "./simulation";

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
