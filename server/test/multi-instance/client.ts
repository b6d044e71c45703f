/**
 * What the console sends, over real HTTP to one instance: the client's Basic header, the
 * Blade-Auth bearer token, the password grant with the md5 digest; answers read as the R envelope
 * (or the token endpoint's OAuth error).
 */
import { createHash } from "node:crypto";

/** The seeded console client (BLADE_CLIENT_ID / BLADE_CLIENT_SECRET unset). */
const BASIC = `Basic ${Buffer.from("saber:saber_secret").toString("base64")}`;
const md5Hex = (text: string) => createHash("md5").update(text).digest("hex");

export interface Answer<T = unknown> {
  status: number;
  code?: number;
  success?: boolean;
  msg?: string;
  data: T;
  /** The token endpoint's error_description. */
  error_description?: string;
}

export interface CallOptions {
  method?: string;
  token?: string;
  query?: Record<string, string | number>;
  json?: unknown;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export class Client {
  constructor(
    readonly name: string,
    readonly base: string,
    /** The instance's output: a 5xx answer's message carries its last lines, to say what failed. */
    private readonly log: () => string = () => "",
  ) {}

  async call<T = unknown>(path: string, o: CallOptions = {}): Promise<Answer<T>> {
    const url = new URL(`/api${path}`, this.base);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Authorization: BASIC, "Tenant-Id": "000000" };
    if (o.token) headers["Blade-Auth"] = `bearer ${o.token}`;
    let body: string | undefined;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers["Content-Type"] = "application/json";
    }
    const res = await fetch(url, { method: o.method ?? (body !== undefined ? "POST" : "GET"), headers, body });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { msg: text.slice(0, 200) };
    }
    const answer = { status: res.status, ...parsed } as Answer<T>;
    if (res.status >= 500) answer.msg = `${answer.msg} (${o.method ?? "GET"} ${path} on ${this.name}; its log ends:\n${this.log().slice(-3000)})`;
    return answer;
  }

  /** The password grant's raw answer. */
  grant(account: string, password: string, tenantId = "000000"): Promise<Answer & Partial<Tokens>> {
    return this.call("/blade-auth/oauth/token", {
      method: "POST",
      query: { tenantId, username: account, password: md5Hex(password), grant_type: "password", scope: "all" },
    });
  }

  /** Signs in; throws with the server's reason when refused. */
  async login(account: string, password: string, tenantId = "000000"): Promise<Tokens> {
    const answer = await this.grant(account, password, tenantId);
    if (answer.status !== 200 || !answer.access_token) throw new Error(`${this.name}: sign-in of ${account} refused: ${answer.status} ${answer.error_description ?? answer.msg}`);
    return { access_token: answer.access_token, refresh_token: answer.refresh_token! };
  }
}
