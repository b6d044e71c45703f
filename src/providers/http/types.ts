export interface HttpMeta {
  /** false: never send the Blade-Auth token header. */
  isToken?: boolean;
  /** true: send `data` as an urlencoded form body instead of JSON. */
  isSerialize?: boolean;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

export interface HttpConfig {
  url: string;
  /** Any case; default GET. */
  method?: HttpMethod | Lowercase<HttpMethod>;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  meta?: HttpMeta;
  responseType?: "json" | "blob";
  /** Milliseconds; default website.requestTimeoutMs. */
  timeout?: number;
  signal?: AbortSignal;
  /** No toast for failures of this call. */
  silent?: boolean;
}

export interface BlobResult {
  blob: Blob;
  filename: string;
}

/** What went wrong: the server answered with a failure code, the request timed out, or never got an answer. */
export type HttpErrorKind = "http" | "timeout" | "network";

export interface HttpErrorInit {
  code: number;
  status: number;
  msg: string;
  body?: unknown;
  kind?: HttpErrorKind;
}

/**
 * A rejected request. `code` is the body's code (else the HTTP status; 0 when there was no answer),
 * `message`/`msg` the text shown to the user. `statusCode` mirrors `code` for refine.
 */
export class HttpError extends Error {
  readonly code: number;
  readonly status: number;
  readonly msg: string;
  readonly body: unknown;
  readonly kind: HttpErrorKind;
  readonly statusCode: number;
  /** Field errors of a refused write (`data: [{field, message}]`), in refine's shape so forms show them beside the fields. */
  readonly errors?: Record<string, string[]>;

  constructor({ code, status, msg, body, kind = "http" }: HttpErrorInit) {
    super(msg);
    this.name = "HttpError";
    this.code = code;
    this.status = status;
    this.msg = msg;
    this.body = body;
    this.kind = kind;
    this.statusCode = code;
    this.errors = fieldErrors(body);
  }
}

function fieldErrors(body: unknown): Record<string, string[]> | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined;
  const errors: Record<string, string[]> = {};
  for (const e of data) {
    if (e && typeof e.field === "string" && typeof e.message === "string") (errors[e.field] ??= []).push(e.message);
  }
  return Object.keys(errors).length ? errors : undefined;
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;
