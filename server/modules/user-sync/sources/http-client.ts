import { SourceError, type SourceConfig, type SourceReader } from "./source";

/**
 * What the DingTalk, WeCom and Feishu sources share: JSON calls to an open platform's API host
 * with a timeout, the app's access token fetched once per run (refreshed when the platform says it
 * expired), retries with backoff while the platform answers "too many requests", and every failure
 * turned into a SourceError whose Chinese message names the platform and what to do — never a stack.
 *
 * Each platform says what its answers mean through a PlatformProfile (their error codes differ);
 * the client does the rest.
 */

/** One answer of the platform, parsed. */
export interface PlatformAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** What a platform's answer means to the client. */
export type Verdict =
  | { kind: "ok" }
  /** Rate limited or momentarily busy: wait and ask again. */
  | { kind: "rate" }
  /** The access token was refused (expired, invalid): fetch a new one and ask again, once. */
  | { kind: "token"; message: string }
  /** The app's own credentials are wrong: nothing to retry. */
  | { kind: "credential"; message: string }
  | { kind: "error"; message: string };

export interface PlatformProfile {
  /** 钉钉 / 企业微信 / 飞书: named in every message. */
  label: string;
  /** What the operator should check when the credentials are refused (AppKey 和 AppSecret …). */
  credentialHint: string;
  judge(answer: PlatformAnswer): Verdict;
  /** Fetches a fresh access token through the client (a call without a token). */
  fetchToken(client: PlatformClient): Promise<{ token: string; expiresIn: number }>;
  /** Puts the token on a request: a query parameter (DingTalk, WeCom) or a header (Feishu). */
  attachToken(url: URL, headers: Headers, token: string): void;
}

/** Options a platform source accepts beside the injected fetch (tests shorten the waits). */
export interface PlatformOptions {
  fetch?: typeof fetch;
  /** Per request; 15 s by default. */
  timeoutMs?: number;
  /** Retries after a rate-limit answer before giving up; 4 by default. */
  retries?: number;
  /** The first wait after a rate-limit answer, doubled on each retry; 500 ms by default. */
  backoffMs?: number;
}

/** A platform source: a SourceFactory (the engine hands it fetch only) that also takes the waits above. */
export type PlatformSourceFactory = (config: SourceConfig, options?: PlatformOptions) => SourceReader;

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** false for the token call itself. */
  auth?: boolean;
}

/** Refresh the token this long before the platform says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

export class PlatformClient {
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private token: Promise<{ token: string; expiresAt: number }> | undefined;
  /** close() aborts whatever is still in flight. */
  private readonly closing = new AbortController();

  constructor(
    private readonly endpoint: string,
    private readonly profile: PlatformProfile,
    options: PlatformOptions = {},
  ) {
    this.fetchFn = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.retries ?? 4;
    this.backoffMs = options.backoffMs ?? 500;
  }

  /** The platform's answer body when it says success; a SourceError otherwise. */
  async call<T>(method: "GET" | "POST", path: string, options: CallOptions = {}): Promise<T> {
    const auth = options.auth ?? true;
    let refreshed = false;
    for (let attempt = 0; ; ) {
      const token = auth ? await this.accessToken() : undefined;
      const answer = await this.send(method, path, options, token);
      const verdict = this.profile.judge(answer);
      switch (verdict.kind) {
        case "ok":
          return answer.body as T;
        case "rate":
          if (attempt >= this.retries) {
            throw new SourceError(`${this.profile.label}接口调用频率超限,已重试 ${this.retries} 次仍被限流,请稍后再试或降低同步频率`);
          }
          await this.wait(this.backoffMs * 2 ** attempt);
          attempt += 1;
          continue;
        case "token":
          // A token that expired before the time it announced (or was revoked): one fresh token, one more try.
          if (auth && !refreshed) {
            refreshed = true;
            this.token = undefined;
            continue;
          }
          throw this.credentialError(verdict.message);
        case "credential":
          throw this.credentialError(verdict.message);
        case "error":
          throw new SourceError(`${this.profile.label}接口 ${path} 返回错误:${verdict.message}`);
      }
    }
  }

  close(): void {
    this.closing.abort();
  }

  /** The run's token: fetched once, shared by concurrent calls, fetched again shortly before it expires. */
  private async accessToken(): Promise<string> {
    const current = this.token;
    if (current) {
      const held = await current.catch(() => undefined);
      if (held && held.expiresAt > Date.now()) return held.token;
      if (this.token !== current) return this.accessToken();
    }
    const next = this.profile.fetchToken(this).then(({ token, expiresIn }) => {
      if (!token) throw new SourceError(`${this.profile.label}未返回访问令牌,请检查应用凭证`);
      return { token, expiresAt: Date.now() + Math.max(expiresIn * 1000 - EXPIRY_MARGIN_MS, 0) };
    });
    this.token = next;
    try {
      return (await next).token;
    } catch (error) {
      if (this.token === next) this.token = undefined;
      throw error;
    }
  }

  private credentialError(message: string): SourceError {
    return new SourceError(`${this.profile.label}应用凭证错误(${message}),请检查${this.profile.credentialHint}`);
  }

  private async send(method: string, path: string, options: CallOptions, token: string | undefined): Promise<PlatformAnswer> {
    const unreachable = (reason: string, cause?: unknown) =>
      new SourceError(`无法连接${this.profile.label}开放平台(${this.endpoint}):${reason}`, cause);
    let url: URL;
    try {
      url = new URL(path, this.endpoint.endsWith("/") ? this.endpoint : `${this.endpoint}/`);
    } catch (error) {
      throw unreachable("服务地址不是有效的网址", error);
    }
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== "") url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ accept: "application/json" });
    if (options.body !== undefined) headers.set("content-type", "application/json; charset=utf-8");
    if (token) this.profile.attachToken(url, headers, token);

    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.closing.signal]),
      });
    } catch (error) {
      throw unreachable(networkReason(error, this.timeoutMs), error);
    }
    // HTTP 429 without a body we understand is still a rate limit.
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (response.status === 429) return { status: 429, body: {} };
      throw unreachable(`应答不是 JSON(HTTP ${response.status}),请检查服务地址`);
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw unreachable(`应答格式无法识别(HTTP ${response.status})`);
    }
    return { status: response.status, body: body as Record<string, unknown> };
  }

  private wait(ms: number): Promise<void> {
    const signal = this.closing.signal;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new SourceError("同步已取消"));
      const onAbort = () => {
        clearTimeout(timer);
        reject(new SourceError("同步已取消"));
      };
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}

/** Why a fetch failed, in words an operator can act on. */
function networkReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string })?.name;
  if (name === "TimeoutError") return `请求超时(${Number((timeoutMs / 1000).toFixed(1))} 秒无应答)`;
  if (name === "AbortError") return "同步已取消";
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  switch (code) {
    case "ECONNREFUSED":
      return "连接被拒绝,请检查服务地址和端口";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "域名无法解析,请检查服务地址和网络";
    case "ECONNRESET":
      return "连接被对方中断";
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
      return "连接超时,请检查网络";
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}

/** The code and message of an errcode/errmsg answer (DingTalk, WeCom), DingTalk's 88 + sub_code unwrapped. */
export function errcodeOf(body: Record<string, unknown>): { code: number; message: string } | undefined {
  if (typeof body.errcode !== "number" && typeof body.errcode !== "string") return undefined;
  const code = Number(body.errcode);
  const message = String(body.errmsg ?? "");
  if (code === 88 && body.sub_code !== undefined) {
    return { code: Number(body.sub_code), message: String(body.sub_msg || message) };
  }
  return { code, message };
}

/** The errcode sets of a platform that answers errcode/errmsg (DingTalk, WeCom). */
export interface ErrcodeSets {
  /** Too many calls: wait and try again. */
  rate: Set<number>;
  /** The access token is expired or invalid: a fresh one may work. */
  token: Set<number>;
  /** The app's credentials are refused. */
  credential: Set<number>;
}

/** `judge` of a platform answering errcode/errmsg: 0 is ok, the sets say what the others mean. */
export function judgeErrcode(codes: ErrcodeSets): PlatformProfile["judge"] {
  return ({ status, body }) => {
    if (status === 429) return { kind: "rate" };
    const answer = errcodeOf(body);
    if (!answer) return { kind: "error", message: `应答缺少 errcode(HTTP ${status})` };
    if (answer.code === 0) return { kind: "ok" };
    const message = withCode(answer.message, answer.code);
    if (codes.rate.has(answer.code)) return { kind: "rate" };
    if (codes.token.has(answer.code)) return { kind: "token", message };
    if (codes.credential.has(answer.code)) return { kind: "credential", message };
    return { kind: "error", message };
  };
}

/** `fetchToken` of a GET token call answering access_token and expires_in (DingTalk, WeCom). */
export function queryTokenFetch(path: string, query: Record<string, string>): PlatformProfile["fetchToken"] {
  return async (client) => {
    const answer = await client.call<{ access_token: string; expires_in: number }>("GET", path, { auth: false, query });
    return { token: answer.access_token, expiresIn: Number(answer.expires_in) || 7200 };
  };
}

/** `attachToken` of a platform taking the token as the access_token query parameter. */
export const attachQueryToken: PlatformProfile["attachToken"] = (url, _headers, token) => url.searchParams.set("access_token", token);

/** "message(code)", as the platforms' own consoles show them. */
export const withCode = (message: string, code: number | string) => (message ? `${message}(${code})` : `错误码 ${code}`);

/** Top-level scalar fields of a platform's record as text: what the engine maps by attribute name. */
export function scalarAttrs(record: Record<string, unknown>): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") attrs[key] = String(value);
  }
  return attrs;
}

/** The configured API host, or the platform's published one. */
export function endpointOf(endpoint: string, fallback: string): string {
  return (endpoint || fallback).trim().replace(/\/+$/, "");
}

