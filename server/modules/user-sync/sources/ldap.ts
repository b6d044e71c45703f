import type { ConnectionOptions } from "node:tls";
import { isIP } from "node:net";
import {
  BusyError,
  Client,
  ConfidentialityRequiredError,
  FilterParser,
  InappropriateAuthError,
  InsufficientAccessError,
  InvalidCredentialsError,
  InvalidDNSyntaxError,
  NoSuchObjectError,
  ProtocolError,
  ResultCodeError,
  SizeLimitExceededError,
  StrongAuthRequiredError,
  TimeLimitExceededError,
  UnavailableError,
  type Entry,
} from "ldapts";
import type { Message } from "../../../../domain/validation/messages";
import { syncMessages } from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { SourceError, type SourceConfig, type SourceDept, type SourceFactory, type SourceReader, type SourceUser } from "./source";

/**
 * LDAP (OpenLDAP & co.) and Active Directory. Departments are the organisational units under the
 * units base DN; users are read with the paged-results control, one page yielded at a time, so a
 * directory of 50,000 people never sits in memory at once. Identities are the server's own stable
 * ids (entryUUID, AD's objectGUID), so renames and moves keep the link.
 */

/** What a failing directory is reported as (task result reason, preview error): zh is what the server answers. */
export const ldapMessages = {
  unreachable: { zh: "无法连接 LDAP 服务器 {host}:{reason}", en: "Could not connect to the LDAP server {host}: {reason}" },
  refused: { zh: "连接被拒绝(请检查地址和端口)", en: "connection refused (check the address and port)" },
  unknownHost: { zh: "主机名无法解析", en: "the host name does not resolve" },
  timedOut: { zh: "连接超时", en: "the connection timed out" },
  dropped: { zh: "连接被服务器中断", en: "the server closed the connection" },
  badCredentials: { zh: "绑定DN或密码错误", en: "Wrong bind DN or password" },
  noPassword: { zh: "绑定DN或密码错误:未设置密码", en: "Wrong bind DN or password: no password is set" },
  noSuchBase: { zh: "Base DN 不存在:{dn}", en: "The base DN does not exist: {dn}" },
  badDn: { zh: "DN 格式错误:{dn}", en: "Malformed DN: {dn}" },
  badFilter: { zh: "过滤条件格式错误:{filter}", en: "Malformed filter: {filter}" },
  noAccess: { zh: "绑定账号无权读取 {dn}", en: "The bind account may not read {dn}" },
  needsTls: { zh: "服务器要求加密连接,请选择 LDAPS 或 StartTLS", en: "The server requires an encrypted connection: choose LDAPS or StartTLS" },
  noStartTls: { zh: "服务器不支持 StartTLS,请改用 LDAPS 或不加密", en: "The server does not support StartTLS: use LDAPS or no encryption" },
  certificate: { zh: "服务器证书校验失败({reason}),请检查证书或服务地址中的主机名", en: "The server's certificate was refused ({reason}): check the certificate or the host name in the address" },
  tlsHandshake: { zh: "TLS 握手失败,请确认端口与加密方式一致(LDAPS 一般为 636)", en: "The TLS handshake failed: check that the port matches the encryption (LDAPS is usually 636)" },
  busy: { zh: "LDAP 服务器繁忙或暂不可用,请稍后再试", en: "The LDAP server is busy or unavailable: try again later" },
  sizeLimit: { zh: "超出服务器单次返回条数上限,请确认服务器支持分页查询", en: "Above the server's size limit: check that it supports paged searches" },
  timeLimit: { zh: "LDAP 查询超时", en: "The LDAP search timed out" },
  noId: {
    zh: "目录条目缺少 {attr}:{dn}(OpenLDAP 请选择 LDAP,Active Directory 请选择 AD)",
    en: "A directory entry has no {attr}: {dn} (choose LDAP for OpenLDAP, AD for Active Directory)",
  },
  serverError: { zh: "LDAP 服务器返回错误:{reason}", en: "The LDAP server answered an error: {reason}" },
  failed: { zh: "读取 LDAP 目录失败:{reason}", en: "Reading the LDAP directory failed: {reason}" },
} satisfies Record<string, Message>;

const say = (m: Message, values: Record<string, string> = {}) => m.zh.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

const DEFAULT_DEPT_FILTER = "(objectClass=organizationalUnit)";
const DEFAULT_USER_FILTER = { ldap: "(objectClass=inetOrgPerson)", ad: "(&(objectCategory=person)(objectClass=user))" };
const DEFAULT_PAGE_SIZE = 500;
/** AD userAccountControl: ACCOUNTDISABLE. */
const UAC_DISABLED = 2;

/* ---------- DNs ---------- */

interface Rdn {
  type: string;
  value: string;
}

/** Splits a DN into RDNs (RFC 4514: `\,` and `\2C` escapes, UTF-8 hex pairs); multi-valued RDNs stay one value. */
export function parseDn(dn: string): Rdn[] {
  const rdns: Rdn[] = [];
  let type = "";
  let bytes: number[] = [];
  let inValue = false;
  const flush = () => {
    rdns.push({ type: type.trim().toLowerCase(), value: Buffer.from(bytes).toString("utf8").trim() });
    type = "";
    bytes = [];
    inValue = false;
  };
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i]!;
    if (c === "\\" && i + 1 < dn.length) {
      const hex = dn.slice(i + 1, i + 3);
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(dn[++i]!, "utf8"));
      }
    } else if (c === "," || c === ";") {
      flush();
    } else if (c === "=" && !inValue) {
      inValue = true;
    } else if (inValue) {
      bytes.push(...Buffer.from(c, "utf8"));
    } else {
      type += c;
    }
  }
  if (type || bytes.length) flush();
  return rdns;
}

/** A comparable key: attribute types and values compared case-insensitively, as ou and dc match. */
const dnKey = (rdns: Rdn[]) => rdns.map((r) => `${r.type}=${r.value.toLowerCase()}`).join(",");

/** The key of the nearest ancestor of `rdns` (excluding itself) that is a known unit, or undefined. */
function nearestUnit(rdns: Rdn[], units: Map<string, string>): string | undefined {
  for (let i = 1; i < rdns.length; i++) {
    const id = units.get(dnKey(rdns.slice(i)));
    if (id !== undefined) return id;
  }
  return undefined;
}

/* ---------- values ---------- */

/** The first value of an attribute as text (attribute names matched case-insensitively). */
function firstValue(entry: Entry, name: string): string | undefined {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key || key === "dn") return undefined;
  const raw = entry[key];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first === undefined) return undefined;
  return Buffer.isBuffer(first) ? first.toString("utf8") : String(first);
}

/** AD's objectGUID (16 bytes, the first three groups little-endian) as the usual GUID string. */
export function guidToString(b: Buffer): string {
  const hex = (bytes: number[]) => bytes.map((x) => x.toString(16).padStart(2, "0")).join("");
  const at = (...idx: number[]) => idx.map((i) => b[i]!);
  return [hex(at(3, 2, 1, 0)), hex(at(5, 4)), hex(at(7, 6)), hex(at(8, 9)), hex(at(10, 11, 12, 13, 14, 15))].join("-");
}

/* ---------- errors ---------- */

const CERT_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME|HOSTNAME/;

/** Any failure as a SourceError a person can act on; never the stack, never an English-only trace. */
export function toSourceError(err: unknown, where: { host: string; dn?: string; tls?: boolean }): SourceError {
  if (err instanceof SourceError) return err;
  const e = err as Error & { code?: string | number };
  const code = typeof e?.code === "string" ? e.code : "";
  const unreachable = (reason: string) => new SourceError(say(ldapMessages.unreachable, { host: where.host, reason }), err);
  if (code === "ECONNREFUSED") return unreachable(say(ldapMessages.refused));
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return unreachable(say(ldapMessages.unknownHost));
  if (code === "ETIMEDOUT" || e?.message === "Connection timeout") return unreachable(say(ldapMessages.timedOut));
  // A plain LDAP port hangs up on a TLS hello: the encryption does not match the port.
  if (where.tls && (code === "ECONNRESET" || code === "EPIPE")) return new SourceError(say(ldapMessages.tlsHandshake), err);
  if (code === "ECONNRESET" || code === "EPIPE" || code === "EHOSTUNREACH" || code === "ENETUNREACH") return unreachable(say(ldapMessages.dropped));
  if (CERT_CODES.test(code)) return new SourceError(say(ldapMessages.certificate, { reason: code }), err);
  if (code.startsWith("ERR_SSL") || code === "EPROTO" || /wrong version number|handshake/i.test(e?.message ?? "")) {
    return new SourceError(say(ldapMessages.tlsHandshake), err);
  }
  if (err instanceof InvalidCredentialsError || err instanceof InappropriateAuthError) return new SourceError(say(ldapMessages.badCredentials), err);
  if (err instanceof NoSuchObjectError) return new SourceError(say(ldapMessages.noSuchBase, { dn: where.dn ?? "" }), err);
  if (err instanceof InvalidDNSyntaxError) return new SourceError(say(ldapMessages.badDn, { dn: where.dn ?? "" }), err);
  if (err instanceof InsufficientAccessError) return new SourceError(say(ldapMessages.noAccess, { dn: where.dn ?? "" }), err);
  if (err instanceof ConfidentialityRequiredError || err instanceof StrongAuthRequiredError) return new SourceError(say(ldapMessages.needsTls), err);
  if (err instanceof BusyError || err instanceof UnavailableError) return new SourceError(say(ldapMessages.busy), err);
  if (err instanceof SizeLimitExceededError) return new SourceError(say(ldapMessages.sizeLimit), err);
  if (err instanceof TimeLimitExceededError || e?.message === "Timeout") return new SourceError(say(ldapMessages.timeLimit), err);
  const reason = String(e?.message ?? err).split("\n")[0]!;
  if (err instanceof ResultCodeError) return new SourceError(say(ldapMessages.serverError, { reason }), err);
  return new SourceError(say(ldapMessages.failed, { reason }), err);
}

/* ---------- the reader ---------- */

interface Unit {
  rdns: Rdn[];
  dept: SourceDept;
}

class LdapReader implements SourceReader {
  private readonly ad: boolean;
  private readonly url: URL;
  private readonly idAttr: string;
  private client?: Promise<Client>;
  /** Unit DN key → externalId, filled by departments() (users() needs it for their department). */
  private units?: Promise<Map<string, string>>;
  private deptList?: SourceDept[];

  constructor(private readonly config: SourceConfig) {
    this.ad = config.sourceType === "ad";
    this.idAttr = this.ad ? "objectGUID" : "entryUUID";
    let url: URL;
    try {
      url = new URL(config.endpoint.trim());
    } catch {
      url = new URL("ldap://invalid");
    }
    // tls "ldaps" on an ldap:// address: the same host over LDAPS (636 when no port is given).
    if (config.tls === "ldaps" && url.protocol === "ldap:") url = new URL(`ldaps://${url.hostname}${url.port ? `:${url.port}` : ""}`);
    this.url = url;
  }

  private get host() {
    const port = this.url.port || (this.url.protocol === "ldaps:" ? "636" : "389");
    return `${this.url.hostname}:${port}`;
  }

  private tlsOptions(): ConnectionOptions {
    const hostname = this.url.hostname.replace(/^\[|\]$/g, "");
    return {
      host: hostname,
      // SNI is for names only (RFC 6066); an IP address is checked against the certificate's IP SANs.
      servername: isIP(hostname) ? undefined : hostname,
      ca: this.config.ca ? [this.config.ca] : undefined,
    };
  }

  private connect(): Promise<Client> {
    return (this.client ??= (async () => {
      const { config } = this;
      if (!/^ldaps?:$/.test(this.url.protocol) || !this.url.hostname || this.url.hostname === "invalid") {
        throw new SourceError(syncMessages.endpointScheme.zh);
      }
      // An empty password is an "unauthenticated bind" (RFC 4513 §5.1.2): servers accept it as anonymous.
      if (config.principal && !config.secret) throw new SourceError(say(ldapMessages.noPassword));
      const secure = this.url.protocol === "ldaps:";
      const client = new Client({
        url: `${this.url.protocol}//${this.url.host}`,
        connectTimeout: 10_000,
        timeout: 120_000,
        tlsOptions: secure ? this.tlsOptions() : undefined,
      });
      try {
        if (!secure && config.tls === "starttls") {
          try {
            await client.startTLS(this.tlsOptions());
          } catch (err) {
            // The extended operation refused (not the TLS handshake itself): no StartTLS on this server.
            if (err instanceof ProtocolError || err instanceof UnavailableError || (err instanceof ResultCodeError && !(err instanceof BusyError))) {
              throw new SourceError(say(ldapMessages.noStartTls), err);
            }
            throw err;
          }
        }
        await client.bind(config.principal, config.secret);
        return client;
      } catch (err) {
        await client.unbind().catch(() => undefined);
        // While connecting, a TLS failure is a handshake one; a malformed DN is the bind DN.
        throw toSourceError(err, { host: this.host, dn: config.principal, tls: secure || config.tls === "starttls" });
      }
    })());
  }

  private checkFilter(filter: string): string {
    try {
      FilterParser.parseString(filter);
      return filter;
    } catch (err) {
      throw new SourceError(say(ldapMessages.badFilter, { filter }), err);
    }
  }

  private externalId(entry: Entry): string {
    const raw = entry[Object.keys(entry).find((k) => k.toLowerCase() === this.idAttr.toLowerCase()) ?? ""];
    const first = Array.isArray(raw) ? raw[0] : raw;
    if (this.ad && Buffer.isBuffer(first) && first.length === 16) return guidToString(first);
    if (!this.ad && first !== undefined) return Buffer.isBuffer(first) ? first.toString("utf8") : String(first);
    throw new SourceError(say(ldapMessages.noId, { attr: this.idAttr, dn: entry.dn }));
  }

  /** Every entry of a paged subtree search, page by page (the server's size limit never cuts it short). */
  private async *search(base: string, filter: string, attributes: string[]): AsyncGenerator<Entry[]> {
    const where = { host: this.host, dn: base };
    const client = await this.connect();
    try {
      const pages = client.searchPaginated(base, {
        scope: "sub",
        filter: this.checkFilter(filter),
        attributes,
        explicitBufferAttributes: this.ad ? ["objectGUID"] : undefined,
        paged: { pageSize: this.config.pageSize ?? DEFAULT_PAGE_SIZE },
      });
      for await (const page of pages) yield page.searchEntries;
    } catch (err) {
      throw toSourceError(err, where);
    }
  }

  private loadUnits(): Promise<Map<string, string>> {
    return (this.units ??= (async () => {
      const { config } = this;
      const base = config.deptBaseDn.trim() || config.userBaseDn.trim();
      const found: Unit[] = [];
      for await (const entries of this.search(base, config.deptFilter.trim() || DEFAULT_DEPT_FILTER, ["ou", this.idAttr])) {
        for (const entry of entries) {
          const rdns = parseDn(entry.dn);
          // The unit's own RDN names it (ou may hold several values); another RDN type falls back to ou.
          const name = rdns[0]?.type === "ou" ? rdns[0].value : (firstValue(entry, "ou") ?? rdns[0]?.value ?? "");
          found.push({ rdns, dept: { externalId: this.externalId(entry), parentExternalId: "", name, sort: 0 } });
        }
      }
      const byKey = new Map(found.map((u) => [dnKey(u.rdns), u.dept.externalId]));
      for (const u of found) u.dept.parentExternalId = nearestUnit(u.rdns, byKey) ?? "";
      // Parents before children: a writer creating them in order never meets an unknown parent.
      found.sort((a, b) => a.rdns.length - b.rdns.length);
      this.deptList = found.map((u) => u.dept);
      return byKey;
    })());
  }

  async departments(): Promise<SourceDept[]> {
    await this.loadUnits();
    return this.deptList!;
  }

  async *users(): AsyncGenerator<SourceUser[]> {
    const { config } = this;
    const units = await this.loadUnits();
    const wanted = [...new Set(config.attributes.map((a) => a.trim()).filter(Boolean))];
    const attributes = [...wanted, this.idAttr, ...(this.ad ? ["userAccountControl"] : [])];
    const filter = config.userFilter.trim() || DEFAULT_USER_FILTER[this.ad ? "ad" : "ldap"];
    for await (const entries of this.search(config.userBaseDn.trim(), filter, attributes)) {
      if (!entries.length) continue;
      yield entries.map((entry) => {
        // An attribute asked for but absent is "" (cleared in the directory), not left out.
        const attrs = Object.fromEntries(wanted.map((name) => [name, firstValue(entry, name) ?? ""]));
        const dept = nearestUnit(parseDn(entry.dn), units);
        const uac = this.ad ? Number(firstValue(entry, "userAccountControl") ?? 0) : 0;
        return { externalId: this.externalId(entry), attrs, deptExternalIds: dept ? [dept] : [], active: (uac & UAC_DISABLED) === 0 };
      });
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await (await client.catch(() => undefined))?.unbind().catch(() => undefined);
  }
}

export const ldapSource: SourceFactory = (config) => new LdapReader(config);
