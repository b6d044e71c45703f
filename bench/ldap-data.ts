/**
 * The LDAP sync bench's directory: 50,000 people in 1,000 organisational units (50 per unit),
 * written as LDIF to a file line by line (never the whole text in memory) and loaded by slapadd
 * before slapd starts (seconds, where adding 51,000 entries over the protocol takes minutes).
 *
 *   const bench = await startLdapBenchDirectory();            // { directory, users, units, loadSeconds }
 *   ... point a synchroniser at bench.directory.url / rootDn / rootPassword, base DN bench.directory.suffix
 *   await bench.directory.stop();
 *
 *   npx tsx bench/ldap-data.ts out.ldif [--users=N] [--units=N]   writes the LDIF only
 *
 * Units form a tree of fan-out 10 under ou=压测集团 (1 + 10 + 100 + 889 for 1,000), so the sync
 * also exercises parents; person i (uid u000001 …) sits in unit i mod units. Deterministic: the
 * same options give the same file, so a second, unchanged run finds nothing to change.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ouEntry, personEntry, startSlapd, SUFFIX, type Slapd } from "../server/test/slapd";

export const LDAP_BENCH_DEFAULTS = { users: 50_000, units: 1_000 };
const FANOUT = 10;

export interface LdapBenchData {
  file: string;
  users: number;
  units: number;
  bytes: number;
}

/** Unit i's DN: unit 0 is the group, unit i ≥ 1 sits under unit floor((i-1)/FANOUT). */
function unitDns(units: number): string[] {
  const dns: string[] = [];
  for (let i = 0; i < units; i++) {
    const parent = i === 0 ? SUFFIX : dns[Math.floor((i - 1) / FANOUT)]!;
    dns.push(`ou=${i === 0 ? "压测集团" : `压测部门${String(i).padStart(4, "0")}`},${parent}`);
  }
  return dns;
}

export const benchUid = (i: number) => `u${String(i).padStart(6, "0")}`;

/** Writes the LDIF (units first, parents before children, then people) to `file`, honouring back-pressure. */
export async function writeLdapBenchLdif(file: string, options: Partial<typeof LDAP_BENCH_DEFAULTS> = {}): Promise<LdapBenchData> {
  const users = options.users ?? LDAP_BENCH_DEFAULTS.users;
  const units = options.units ?? LDAP_BENCH_DEFAULTS.units;
  if (!Number.isInteger(users) || users < 0 || !Number.isInteger(units) || units < 1) throw new Error("users ≥ 0 and units ≥ 1, whole numbers");
  const out = createWriteStream(file, { encoding: "utf8" });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  const dns = unitDns(units);
  for (const dn of dns) await write(ouEntry(dn));
  for (let i = 1; i <= users; i++) {
    const uid = benchUid(i);
    await write(
      personEntry(`uid=${uid},${dns[i % units]}`, {
        uid,
        cn: `压测用户${i}`,
        displayName: `压测用户${i}`,
        mail: `${uid}@bench.example.org`,
        mobile: `139${String(i).padStart(8, "0")}`,
      }),
    );
  }
  out.end();
  await once(out, "finish");
  return { file, users, units, bytes: statSync(file).size };
}

/** A running slapd holding the bench's directory; its LDIF file is removed once loaded. */
export async function startLdapBenchDirectory(
  options: Partial<typeof LDAP_BENCH_DEFAULTS> = {},
): Promise<{ directory: Slapd; users: number; units: number; loadSeconds: number }> {
  const tmp = mkdtempSync(join(tmpdir(), "blade-ldap-bench-"));
  try {
    const started = performance.now();
    const data = await writeLdapBenchLdif(join(tmp, "bench.ldif"), options);
    const directory = await startSlapd({ ldifFile: data.file });
    return { directory, users: data.users, units: data.units, loadSeconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The entry a bench changes between runs to measure "one update" (replace its mobile). */
export function benchUserDn(i: number, units = LDAP_BENCH_DEFAULTS.units): string {
  return `uid=${benchUid(i)},${unitDns(units)[i % units]}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [file, ...rest] = process.argv.slice(2);
  const get = (name: string) => rest.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  if (!file || rest.some((a) => !/^--(users|units)=\d+$/.test(a))) {
    console.error("usage: npx tsx bench/ldap-data.ts out.ldif [--users=N] [--units=N]");
    process.exit(2);
  }
  const data = await writeLdapBenchLdif(file, {
    users: get("users") ? Number(get("users")) : undefined,
    units: get("units") ? Number(get("units")) : undefined,
  });
  console.log(`${data.file}: ${data.users} people in ${data.units} units, ${(data.bytes / 1e6).toFixed(1)} MB`);
}
