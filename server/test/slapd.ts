/**
 * A real OpenLDAP server for tests and the bench: Debian's slapd on a free local port, with a
 * configuration generated in a temp directory (slapd.conf, mdb backend, suffix dc=example,dc=org,
 * schemas core/cosine/nis/inetorgperson, a root DN whose password is generated per run).
 *
 *   const dir = await startSlapd({ ldif: sampleTree(), tls: true });
 *   dir.url, dir.ldapsUrl, dir.rootDn, dir.rootPassword, dir.ca   (CA PEM for SourceConfig.ca)
 *   await dir.modify("uid=zhangsan,ou=前端组,…", { mobile: "139…" });
 *   await dir.stop();   (kills slapd, removes the temp directory)
 *
 * Entries are loaded with slapadd before slapd starts (offline, the fastest way to 50,000
 * entries); while it runs, add/modify/remove/rename go through the protocol as a client would.
 * Without slapd, startSlapd fails with `slapdMissing`, which says how to install it (CI installs it:
 * `apt-get install slapd ldap-utils`): a test that needs a directory fails loudly, never skips.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Attribute, Change, Client } from "ldapts";

export const SLAPD = process.env.BLADE_SLAPD ?? "/usr/sbin/slapd";
const SLAPADD = SLAPD.replace(/slapd$/, "slapadd");
const SCHEMA_DIR = "/etc/ldap/schema";
const MODULE_DIR = "/usr/lib/ldap";
export const SUFFIX = "dc=example,dc=org";

/** Why slapd cannot run here (null when it can): the reason a skipped test file shows. */
export const slapdMissing: string | null = !existsSync(SLAPD)
  ? `OpenLDAP slapd not found at ${SLAPD}: install it with \`apt-get install -y slapd ldap-utils\``
  : !existsSync(join(SCHEMA_DIR, "inetorgperson.schema"))
    ? `OpenLDAP schemas not found in ${SCHEMA_DIR}: install slapd`
    : null;

export interface SlapdOptions {
  /** LDIF text loaded before start (entries below the suffix; the suffix entry itself is added). */
  ldif?: string;
  /** An LDIF file loaded before start (the bench's 50,000 users, streamed by slapadd). */
  ldifFile?: string;
  /** Also listen on ldaps:// and accept StartTLS, with a certificate generated for this run. */
  tls?: boolean;
  /** Schemas of /etc/ldap/schema besides core, cosine, nis, inetorgperson: "msuser" imitates Active Directory. */
  schemas?: string[];
}

export interface Slapd {
  /** ldap://127.0.0.1:port (StartTLS works on it when started with tls). */
  url: string;
  /** ldaps://localhost:port when started with tls. */
  ldapsUrl?: string;
  /** The CA that signed the server's certificate (PEM), for SourceConfig.ca. */
  ca?: string;
  suffix: string;
  rootDn: string;
  rootPassword: string;
  /** A client bound as the root DN (one per directory, opened on first use). */
  client(): Promise<Client>;
  add(dn: string, attrs: Record<string, string | string[]>): Promise<void>;
  /** Replaces each given attribute's values (an empty array removes the attribute). */
  modify(dn: string, attrs: Record<string, string | string[]>): Promise<void>;
  remove(dn: string): Promise<void>;
  /** modrdn: newRdn like "uid=lisi2", optionally under a new parent (newSuperior). */
  rename(dn: string, newRdn: string, newParent?: string): Promise<void>;
  stop(): Promise<void>;
}

export type LdifValue = string | Buffer;

/** One LDIF record; values that are not plain ASCII (Chinese names, leading spaces) or binary go base64. */
export function ldifEntry(dn: string, attrs: Record<string, LdifValue | LdifValue[]>): string {
  const line = (name: string, value: LdifValue) =>
    typeof value === "string" && /^[\x21-\x39\x3b\x3d-\x7e][\x20-\x7e]*$/.test(value) && !value.endsWith(" ")
      ? `${name}: ${value}`
      : `${name}:: ${(typeof value === "string" ? Buffer.from(value, "utf8") : value).toString("base64")}`;
  const lines = [line("dn", dn)];
  for (const [name, value] of Object.entries(attrs)) {
    for (const v of Array.isArray(value) ? value : [value]) lines.push(line(name, v));
  }
  return `${lines.join("\n")}\n\n`;
}

export const ouEntry = (dn: string) =>
  ldifEntry(dn, { objectClass: "organizationalUnit", ou: unescapeRdnValue(dn) });

export function personEntry(dn: string, p: { uid: string; cn: string; sn?: string; displayName?: string; mail?: string; mobile?: string }): string {
  const attrs: Record<string, string> = { objectClass: "inetOrgPerson", uid: p.uid, cn: p.cn, sn: p.sn ?? p.cn.slice(0, 1) };
  for (const key of ["displayName", "mail", "mobile"] as const) if (p[key]) attrs[key] = p[key]!;
  return ldifEntry(dn, { ...attrs, objectClass: ["top", "person", "organizationalPerson", "inetOrgPerson"] });
}

/** The first RDN's value of a DN built by our helpers (no escaped commas in them). */
function unescapeRdnValue(dn: string): string {
  return dn.split(",")[0]!.split("=").slice(1).join("=");
}

/**
 * The sample company: 总部 → 研发部 → 前端组, 总部 → 市场部, and a few people in them. The browser
 * journey and slapd-cli use it; tests build their own trees with ouEntry/personEntry.
 */
export function sampleTree(): string {
  const hq = `ou=总部,${SUFFIX}`;
  const rd = `ou=研发部,${hq}`;
  const fe = `ou=前端组,${rd}`;
  const mk = `ou=市场部,${hq}`;
  return [
    ouEntry(hq),
    ouEntry(rd),
    ouEntry(fe),
    ouEntry(mk),
    personEntry(`uid=zhangsan,${fe}`, { uid: "zhangsan", cn: "张三", displayName: "张三", mail: "zhangsan@example.org", mobile: "13800000001" }),
    personEntry(`uid=lisi,${rd}`, { uid: "lisi", cn: "李四", displayName: "李四", mail: "lisi@example.org", mobile: "13800000002" }),
    personEntry(`uid=wangwu,${mk}`, { uid: "wangwu", cn: "王五", displayName: "王五", mail: "wangwu@example.org", mobile: "13800000003" }),
    personEntry(`uid=zhaoliu,${hq}`, { uid: "zhaoliu", cn: "赵六", displayName: "赵六", mail: "zhaoliu@example.org" }),
  ].join("");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error || result.status !== 0) {
    throw new Error(`${what} failed (${command} ${args.join(" ")}): ${result.error?.message ?? result.stderr.trim().split("\n").slice(-3).join(" | ")}`);
  }
}

/** A CA and a server certificate for localhost and 127.0.0.1 (EC P-256: generated in milliseconds). */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const p = (name: string) => join(dir, name);
  const ecKey = (file: string) => run("openssl", ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", p(file)], "openssl key");
  ecKey("ca.key");
  run("openssl", ["req", "-x509", "-new", "-key", p("ca.key"), "-subj", "/CN=Blade test CA", "-days", "2", "-out", p("ca.pem")], "openssl CA");
  ecKey("server.key");
  writeFileSync(p("server.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
  run("openssl", ["req", "-new", "-key", p("server.key"), "-subj", "/CN=localhost", "-out", p("server.csr")], "openssl CSR");
  run("openssl", ["x509", "-req", "-in", p("server.csr"), "-CA", p("ca.pem"), "-CAkey", p("ca.key"), "-CAcreateserial", "-days", "2", "-extfile", p("server.ext"), "-out", p("server.pem")], "openssl sign");
  return { ca: p("ca.pem"), cert: p("server.pem"), key: p("server.key") };
}

function slapdConf(dir: string, rootDn: string, rootPassword: string, schemas: string[], certs?: { ca: string; cert: string; key: string }): string {
  const lines = [
    ...["core", "cosine", "nis", "inetorgperson", ...schemas].map((s) => `include ${join(SCHEMA_DIR, `${s}.schema`)}`),
    `pidfile ${join(dir, "slapd.pid")}`,
    `argsfile ${join(dir, "slapd.args")}`,
    `modulepath ${MODULE_DIR}`,
    "moduleload back_mdb",
    // Like a production server: 500 entries per plain search, paged searches unbounded in total.
    "sizelimit size.soft=500 size.hard=500 size.prtotal=unlimited",
    ...(certs ? [`TLSCACertificateFile ${certs.ca}`, `TLSCertificateFile ${certs.cert}`, `TLSCertificateKeyFile ${certs.key}`] : []),
    "database mdb",
    // The bench's 50,000 users take ~100 MB; the default map (10 MB) would refuse them.
    "maxsize 2147483648",
    `suffix "${SUFFIX}"`,
    `rootdn "${rootDn}"`,
    `rootpw ${rootPassword}`,
    `directory ${join(dir, "data")}`,
    "index objectClass eq",
    "index entryUUID eq",
    "index ou,uid,cn,mail eq",
    // Anyone bound may read; the root DN writes.
    "access to * by users read by * auth",
  ];
  return `${lines.join("\n")}\n`;
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}): ${stderr().trim().split("\n").slice(-5).join(" | ")}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`slapd did not listen on port ${port} within ${timeoutMs} ms: ${stderr().trim().split("\n").slice(-5).join(" | ")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function startSlapd(options: SlapdOptions = {}): Promise<Slapd> {
  if (slapdMissing) throw new Error(slapdMissing);
  const dir = mkdtempSync(join(tmpdir(), "blade-slapd-"));
  let child: ChildProcess | undefined;
  try {
    mkdirSync(join(dir, "data"));
    const rootDn = `cn=admin,${SUFFIX}`;
    const rootPassword = randomBytes(12).toString("base64url");
    const certs = options.tls ? makeCertificates(dir) : undefined;
    const conf = join(dir, "slapd.conf");
    writeFileSync(conf, slapdConf(dir, rootDn, rootPassword, options.schemas ?? [], certs));

    // slapadd -q: no consistency checks, the fastest load; it adds entryUUID and timestamps itself.
    const base = ldifEntry(SUFFIX, { objectClass: ["dcObject", "organization"], dc: "example", o: "Example" });
    writeFileSync(join(dir, "base.ldif"), base + (options.ldif ?? ""));
    run(SLAPADD, ["-q", "-f", conf, "-l", join(dir, "base.ldif")], "slapadd");
    if (options.ldifFile) run(SLAPADD, ["-q", "-f", conf, "-l", options.ldifFile], "slapadd (bulk)");

    const port = await freePort();
    const tlsPort = options.tls ? await freePort() : undefined;
    const urls = [`ldap://127.0.0.1:${port}/`, ...(tlsPort ? [`ldaps://127.0.0.1:${tlsPort}/`] : [])];
    // -d 0: stay in the foreground (so stopping is killing our child) without debug output.
    const started = spawn(SLAPD, ["-f", conf, "-h", urls.join(" "), "-d", "0"], { stdio: ["ignore", "ignore", "pipe"] });
    child = started;
    let stderr = "";
    started.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    await waitForPort(port, started, () => stderr, 10_000);
    if (tlsPort) await waitForPort(tlsPort, started, () => stderr, 10_000);

    let admin: Promise<Client> | undefined;
    const client = () =>
      (admin ??= (async () => {
        const c = new Client({ url: `ldap://127.0.0.1:${port}` });
        await c.bind(rootDn, rootPassword);
        return c;
      })());
    const stopHook = () => started.kill("SIGKILL");
    process.once("exit", stopHook);
    return {
      url: `ldap://127.0.0.1:${port}`,
      ldapsUrl: tlsPort ? `ldaps://localhost:${tlsPort}` : undefined,
      ca: certs ? readFileSync(certs.ca, "utf8") : undefined,
      suffix: SUFFIX,
      rootDn,
      rootPassword,
      client,
      add: async (dn, attrs) => (await client()).add(dn, attrs),
      modify: async (dn, attrs) =>
        (await client()).modify(
          dn,
          Object.entries(attrs).map(
            ([type, values]) => new Change({ operation: "replace", modification: new Attribute({ type, values: Array.isArray(values) ? values : [values] }) }),
          ),
        ),
      remove: async (dn) => (await client()).del(dn),
      rename: async (dn, newRdn, newParent) => (await client()).modifyDN(dn, newParent ? `${newRdn},${newParent}` : newRdn),
      stop: async () => {
        process.removeListener("exit", stopHook);
        if (admin) await (await admin).unbind().catch(() => undefined);
        if (started.exitCode === null) {
          const exited = new Promise((resolve) => started.once("exit", resolve));
          started.kill("SIGTERM");
          const timer = setTimeout(() => started.kill("SIGKILL"), 5000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    child?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
